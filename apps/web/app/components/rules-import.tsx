import type { ComplianceImportResult } from "@shop/shared";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../lib/api-error.ts";
import { AdminTable, cell, hiddenBelow } from "./admin-list/admin-table.tsx";
import { Button } from "./ui/button.tsx";
import { StatusMessage } from "./ui/status-message.tsx";

/** What an import of rules kept as data answers (the compliance and the tax rules answer alike). */
type ImportResult = ComplianceImportResult;

/** A feature's import call: a preview of what the CSV changes, or the change itself. */
export interface RulesImporter {
  mutateAsync: (file: { csv: string; preview: boolean }) => Promise<ImportResult>;
  isPending: boolean;
}

const actionLabels = (one: string): Record<ImportResult["rows"][number]["action"], string> => ({
  create: `New ${one}`,
  update: "Changes",
  unchanged: "Unchanged",
  error: "Problem",
});
const actionColours: Record<ImportResult["rows"][number]["action"], string> = {
  create: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  update: "bg-sky-50 text-sky-900 ring-sky-200",
  unchanged: "bg-gray-100 text-gray-700 ring-gray-200",
  error: "bg-red-50 text-red-800 ring-red-200",
};

const MAX_BYTES = 900_000;

function counts(result: ImportResult): string {
  const { create, update, unchanged, error } = result.counts;
  return [
    `${create} new`,
    `${update} changed`,
    `${unchanged} unchanged`,
    ...(error > 0 ? [`${error} with problems`] : []),
  ].join(", ");
}

/** A row's problems in words by column, or the columns it changes (under the rule on a phone, in a column of their own wider up). */
function RowDetails({ row }: { row: ImportResult["rows"][number] }) {
  if (row.problems.length > 0) {
    return (
      <ul className="text-red-800">
        {row.problems.map((p) => (
          <li key={`${p.column}-${p.message}`}>
            <span className="font-mono">{p.column}</span> {p.message}
          </li>
        ))}
      </ul>
    );
  }
  if (row.changes.length > 0) return <span className="font-mono text-xs">{row.changes.join(", ")}</span>;
  return <span className="text-muted">—</span>;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Import CSV of rules kept as data (Settings > Compliance, Settings > Taxes): a file is read in the
 * browser and sent for a preview of what each row would do; Apply sends it again to be written
 * whole, and only when no row has a problem. `noun` names a rule: "rule", "tax rule".
 */
export function RulesImport({
  onClose,
  importer,
  noun,
}: {
  onClose: () => void;
  importer: RulesImporter;
  noun: { one: string; many: string };
}) {
  const fileId = useId();
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const importRules = importer;

  async function choose(file: File | undefined) {
    setPreview(null);
    setProblem(null);
    setCsv(null);
    if (!file) return;
    setFileName(file.name);
    if (file.size > MAX_BYTES) {
      setProblem("The CSV file is too large: at most 900 KB.");
      return;
    }
    const text = await file.text();
    setCsv(text);
    try {
      setPreview(await importRules.mutateAsync({ csv: text, preview: true }));
    } catch (error) {
      setProblem(errorMessage(error, "The file could not be checked. Please try again."));
    }
  }

  async function apply() {
    if (!csv) return;
    try {
      const result = await importRules.mutateAsync({ csv, preview: false });
      toast.success(`${capital(noun.many)} imported: ${counts(result)}.`);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, `The ${noun.many} could not be imported. Please try again.`));
    }
  }

  const changes = preview ? preview.counts.create + preview.counts.update : 0;
  const blocked = !preview || preview.counts.error > 0 || changes === 0;

  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id={headingId} className="font-semibold text-lg">
        Import {noun.many} from CSV
      </h2>
      <p className="mt-1 text-muted text-sm">
        Use the columns of Export CSV. A row with an id changes that {noun.one}; a row without one adds a {noun.one}.
        You see what would change before anything is saved, and nothing is saved while any row has a problem.
      </p>
      <div className="mt-4">
        <label htmlFor={fileId} className="block font-medium text-sm">
          CSV file
        </label>
        <input
          ref={inputRef}
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void choose(event.currentTarget.files?.[0])}
          className="mt-1.5 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-medium file:text-brand-900"
        />
      </div>
      {importRules.isPending && !preview && (
        <p role="status" className="mt-4 text-muted text-sm">
          Checking {fileName}…
        </p>
      )}
      {problem && <StatusMessage className="mt-4" status={{ kind: "error", text: problem }} />}
      {preview && (
        <div className="mt-4">
          <p role="status" className="font-medium text-sm">
            {fileName}: {counts(preview)}.
            {preview.counts.error > 0
              ? " Fix the rows with problems and choose the file again."
              : changes === 0
                ? " Nothing to import."
                : ""}
          </p>
          <div className="mt-3">
            <AdminTable
              caption="What the import would change"
              columns={[
                { label: "Row" },
                { label: "Result" },
                { label: capital(noun.one) },
                { label: "Details", className: hiddenBelow.md },
              ]}
            >
              {preview.rows.map((row) => (
                <tr key={row.row} data-import-row={row.row}>
                  <td className={`${cell.td} tabular-nums`}>{row.row}</td>
                  <td className={cell.td}>
                    <span
                      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ${actionColours[row.action]}`}
                    >
                      {actionLabels(noun.one)[row.action]}
                    </span>
                  </td>
                  <td className={`${cell.td} text-sm [overflow-wrap:anywhere]`}>
                    {row.summary}
                    {(row.problems.length > 0 || row.changes.length > 0) && (
                      <div className="mt-1 md:hidden">
                        <RowDetails row={row} />
                      </div>
                    )}
                  </td>
                  <td className={`${cell.td} ${hiddenBelow.md} text-sm [overflow-wrap:anywhere]`}>
                    <RowDetails row={row} />
                  </td>
                </tr>
              ))}
            </AdminTable>
          </div>
        </div>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void apply()} disabled={blocked || importRules.isPending}>
          {importRules.isPending && preview
            ? "Applying…"
            : blocked
              ? "Apply"
              : `Apply ${changes} change${changes === 1 ? "" : "s"}`}
        </Button>
      </div>
    </section>
  );
}
