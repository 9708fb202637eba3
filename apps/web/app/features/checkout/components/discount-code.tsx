import { formatCents } from "@shop/shared/rules";
import { TicketPercent, X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { inputClass } from "../../../components/form/field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type CodeState, codeProblem } from "../discount-code-values.ts";

/**
 * The discount code box of the cart page and the checkout: type a code and apply it; the server's
 * quote says what it saves or why it cannot be used, shown beside the field. Not a form of its
 * own (the checkout's form holds it): Enter applies the code instead of placing the order.
 */
export function DiscountCode({
  state,
  onApply,
  onRemove,
}: {
  state: CodeState;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState(state.kind === "none" ? "" : state.code);
  const [problem, setProblem] = useState<string | null>(null);

  if (state.kind === "applied") {
    return (
      <div className="flex items-start justify-between gap-3 rounded-xl bg-brand-50 px-3 py-2.5 text-brand-900 text-sm">
        <p className="flex gap-2">
          <TicketPercent aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Code <span className="font-semibold">{state.code}</span> applied: you save{" "}
            <span className="font-semibold">{formatCents(state.savedCents)}</span>.
          </span>
        </p>
        <button
          type="button"
          onClick={() => {
            setTyped("");
            onRemove();
          }}
          className="-my-1 inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 font-medium hover:bg-brand-100"
        >
          <X aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> code {state.code}</span>
        </button>
      </div>
    );
  }

  const error = problem ?? (state.kind === "refused" ? state.refusal : null);
  const apply = () => {
    const wrong = codeProblem(typed);
    setProblem(wrong);
    if (!wrong) onApply(typed.trim().toUpperCase());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    apply();
  };
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-sm">
        Discount code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} min-w-0 flex-1 uppercase placeholder:normal-case`}
          placeholder="e.g. SPRING10"
        />
        <Button variant="secondary" onClick={apply} disabled={state.kind === "pending"}>
          {state.kind === "pending" ? "Applying…" : "Apply"}
        </Button>
      </div>
      <p id={`${id}-error`} role="alert" className="mt-1.5 font-medium text-red-700 text-sm empty:hidden">
        {error ?? ""}
      </p>
    </div>
  );
}
