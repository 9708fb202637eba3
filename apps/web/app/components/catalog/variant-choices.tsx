import type { ProductOption, ProductVariant } from "@shop/shared";
import { type ChoiceState, optionChoices } from "@shop/shared/rules";
import { buttonClass } from "../ui/button.tsx";

/** What a screen reader hears after a value that is not simply for sale; the look says the same. */
const notes: Record<ChoiceState, string> = {
  available: "",
  sold_out: " (sold out)",
  elsewhere: " (not with the other choices: choosing it changes them)",
  not_sold: " (not for sale)",
};

const looks: Record<ChoiceState, string> = {
  available: "border-line text-ink",
  sold_out: "border-line text-muted line-through",
  elsewhere: "border-dashed border-gray-400 text-muted",
  not_sold: "cursor-not-allowed border-dashed border-gray-300 text-muted line-through",
};

/**
 * A product's options, each a group of radio buttons (arrow keys move between the values, a screen
 * reader names the group and the value), every value shown: one sold out, one not sold with the
 * other values shown, or one not for sale at all says so. Choosing a value calls `onChoose` with
 * the variant it leads to (the page then shows it). Without JavaScript the group is a GET form: its
 * button sends the values, and the page's loader answers with the variant they make.
 */
export function VariantChoices({
  options,
  variants,
  shown,
  onChoose,
  className,
}: {
  options: ProductOption[];
  variants: ProductVariant[];
  shown: ProductVariant;
  onChoose: (variantId: string) => void;
  className?: string;
}) {
  const choices = optionChoices(options, variants, shown.options);
  return (
    <form method="get" className={`space-y-5 ${className ?? ""}`}>
      <input type="hidden" name="variant" value={shown.id} />
      {options.map((option, index) => (
        <fieldset key={option.name}>
          <legend className="mb-2 font-medium text-sm">
            {option.name}
            {shown.options[index] !== undefined && (
              <>
                : <span className="font-normal text-muted">{shown.options[index]}</span>
              </>
            )}
          </legend>
          <div className="flex flex-wrap gap-2">
            {choices[index]?.map(({ value, state, variantId }) => (
              <label
                key={value}
                className={`inline-flex min-h-10 cursor-pointer items-center rounded-full border bg-white px-4 py-2 font-medium text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 has-focus-visible:outline-offset-2 ${looks[state]}`}
              >
                <input
                  type="radio"
                  name={`option${index + 1}`}
                  value={value}
                  checked={value === shown.options[index]}
                  disabled={variantId === null}
                  onChange={() => variantId && onChoose(variantId)}
                  className="sr-only"
                />
                {value}
                {state !== "available" && <span className="sr-only">{notes[state]}</span>}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <noscript>
        <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Show this choice
        </button>
      </noscript>
    </form>
  );
}
