import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";

/** The ids chosen for a bulk action. A selection belongs to the rows on screen: a new address clears it. */
export function useSelection() {
  const location = useLocation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger
  useEffect(() => setSelected(new Set()), [location.search]);
  return {
    selected,
    ids: [...selected],
    set(id: string, on: boolean) {
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    setAll: (ids: string[]) => setSelected(new Set(ids)),
    clear: () => setSelected(new Set()),
  };
}

export type Selection = ReturnType<typeof useSelection>;

/** What to do with the selected rows: shown while some are selected, with a way to clear them. */
export function BulkToolbar({ selection, children }: { selection: Selection; children: ReactNode }) {
  if (selection.ids.length === 0) return <span />;
  return (
    <div role="toolbar" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2">
      <span className="font-medium text-sm">{selection.ids.length} selected</span>
      {children}
      <button
        type="button"
        onClick={selection.clear}
        className="px-2 font-medium text-muted text-sm underline-offset-2 hover:text-ink hover:underline"
      >
        Clear selection
      </button>
    </div>
  );
}
