import { Minus, Plus } from "lucide-react";
import { useState } from "react";

interface Props {
  value: number;
  max: number;
  label: string;
  onChange: (quantity: number) => void;
  /** Whether going below 1 is allowed (a cart line removes itself at 0). */
  allowZero?: boolean;
  /** A typed number above `max` is lowered to it; this hears the number typed, to say why. */
  onLowered?: (typed: number) => void;
}

/**
 * − / number / + with the keyboard and screen readers in mind. A field cleared to type a new
 * number is not a number yet: it changes nothing until a digit is typed, and leaving it empty
 * puts the quantity back. Only a typed 0 (where allowed) or the Remove button removes a line.
 */
export function QuantityStepper({ value, max, label, onChange, allowZero = false, onLowered }: Props) {
  const min = allowZero ? 0 : 1;
  const [typing, setTyping] = useState<string | null>(null);
  const button =
    "inline-flex size-9 items-center justify-center rounded-full text-ink hover:bg-gray-100 disabled:text-gray-300 disabled:hover:bg-transparent";
  return (
    <div className="inline-flex items-center rounded-full border border-line bg-white">
      <button
        type="button"
        className={button}
        onClick={() => onChange(value - 1)}
        disabled={value <= min}
        aria-label={`One less ${label}`}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={typing ?? value}
        aria-label={`Quantity of ${label}`}
        onChange={(event) => {
          const text = event.target.value.trim();
          if (text === "") {
            setTyping("");
            return;
          }
          const next = Math.trunc(Number(text));
          if (!Number.isFinite(next)) return;
          setTyping(null);
          if (next > max) onLowered?.(next);
          onChange(Math.min(Math.max(next, min), max));
        }}
        onBlur={() => setTyping(null)}
        className="w-10 appearance-none bg-transparent text-center font-medium text-sm [-moz-appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        className={button}
        onClick={() => onChange(value + 1)}
        disabled={value >= max}
        aria-label={`One more ${label}`}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
