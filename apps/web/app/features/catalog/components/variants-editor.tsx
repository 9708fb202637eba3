import {
  type AdminProductVariants,
  OPTION_VALUES_MAX,
  PRODUCT_OPTIONS_MAX,
  PRODUCT_VARIANTS_MAX,
  type ProductVariantsInput,
} from "@shop/shared";
import { ArrowDown, ArrowUp, Plus, Trash2, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  type FieldError,
  type FieldErrors,
  get,
  type Path,
  type UseFormReturn,
  useFieldArray,
  useForm,
  useWatch,
} from "react-hook-form";
import { toast } from "sonner";
import { inputClass, TextField } from "../../../components/form/field.tsx";
import { SectionTitle } from "../../../components/form/form-section.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Badge, badgeTones } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { countOf } from "../../../lib/format.ts";
import { useSaveVariants } from "../api/variants.ts";
import {
  applyToAll,
  type FactColumn,
  factHints,
  generatedRows,
  missingCombinations,
  newValueKey,
  type OptionDraft,
  type ProductFactFields,
  problemOfRow,
  problemsOf,
  rowsWithOptionAdded,
  rowsWithoutOption,
  rowsWithoutValue,
  type VariantColumn,
  type VariantDraft,
  type VariantsFormValues,
  type VariantView,
  variantColumns,
  variantLabel,
  variantProblem,
  variantsFormValues,
  variantsResolver,
} from "./variant-values.ts";

type VariantsForm = UseFormReturn<VariantsFormValues, unknown, ProductVariantsInput>;
type FormPath = Path<VariantsFormValues>;

const errorAt = (form: VariantsForm, path: string) =>
  (get(form.formState.errors, path) as FieldError | undefined)?.message;

/** What is wrong with a control, below it and read out with it. */
function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="mt-1.5 font-medium text-red-700 text-sm">
      {text}
    </p>
  ) : null;
}

const EXAMPLES = ["Flavour", "Nicotine strength", "Size"];

/** One option: its name and its values in order (add, move, remove). */
function OptionEditor({
  form,
  at,
  usedByOwn,
  onRemove,
  onValueRemoved,
}: {
  form: VariantsForm;
  at: number;
  /** The value the product's own variant has: it cannot go (the own variant cannot). */
  usedByOwn: string | undefined;
  onRemove: () => void;
  onValueRemoved: (key: string) => void;
}) {
  const values = useFieldArray({ control: form.control, name: `options.${at}.values` });
  const name = useWatch({ control: form.control, name: `options.${at}.name` }) ?? "";
  const title = name.trim() || `Option ${at + 1}`;
  const nameId = `option-${at}-name`;
  const valueId = (index: number) => `option-${at}-value-${index}`;

  function add() {
    values.append({ key: newValueKey(), text: "" }, { focusName: `options.${at}.values.${values.fields.length}.text` });
  }

  function move(index: number, by: -1 | 1) {
    const key = values.fields[index]?.key;
    values.move(index, index + by);
    // The keyboard stays on the same button of the moved value.
    requestAnimationFrame(() => document.getElementById(`option-${at}-${key}-${by < 0 ? "up" : "down"}`)?.focus());
  }

  return (
    <li className="rounded-xl border border-line p-3 sm:p-4">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            id={nameId}
            label={`Option ${at + 1}`}
            placeholder={EXAMPLES[at]}
            autoComplete="off"
            maxLength={40}
            error={errorAt(form, `options.${at}.name`)}
            {...form.register(`options.${at}.name`)}
            onKeyDown={(event) => {
              // Enter goes on to the values rather than saving the grid half typed.
              if (event.key !== "Enter") return;
              event.preventDefault();
              form.setFocus(`options.${at}.values.0.text`);
            }}
          />
        </div>
        <Button
          variant="danger"
          size="icon"
          className="mt-6.5 size-11 shrink-0"
          aria-label={`Remove the option ${title}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <fieldset className="mt-4">
        <legend className="font-medium text-sm">Values of {title}, in the order buyers see them</legend>
        <ol className="mt-2 grid gap-2">
          {values.fields.map((value, index) => {
            const id = valueId(index);
            const error = errorAt(form, `options.${at}.values.${index}.text`);
            const ownValue = value.key === usedByOwn;
            return (
              <li key={value.id}>
                <div className="flex items-center gap-1.5 sm:gap-2">
                  <label htmlFor={id} className="sr-only">
                    {title} value {index + 1}
                  </label>
                  <input
                    id={id}
                    autoComplete="off"
                    maxLength={60}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    className={`${inputClass} min-w-0 flex-1`}
                    {...form.register(`options.${at}.values.${index}.text`)}
                    onKeyDown={(event) => {
                      // Enter adds the next value rather than saving the grid half typed.
                      if (event.key !== "Enter") return;
                      event.preventDefault();
                      if (index === values.fields.length - 1) {
                        if (values.fields.length < OPTION_VALUES_MAX) add();
                      } else form.setFocus(`options.${at}.values.${index + 1}.text`);
                    }}
                  />
                  {([-1, 1] as const).map((by) => {
                    const Icon = by < 0 ? ArrowUp : ArrowDown;
                    const word = by < 0 ? "up" : "down";
                    return (
                      <Button
                        key={by}
                        id={`option-${at}-${value.key}-${word}`}
                        variant="secondary"
                        size="icon"
                        className="size-11 shrink-0 disabled:cursor-not-allowed disabled:opacity-40"
                        aria-label={`Move ${title} value ${index + 1} ${word}`}
                        disabled={index + by < 0 || index + by >= values.fields.length}
                        onClick={() => move(index, by)}
                      >
                        <Icon aria-hidden="true" className="size-4" />
                      </Button>
                    );
                  })}
                  <Button
                    variant="danger"
                    size="icon"
                    className="size-11 shrink-0 disabled:cursor-not-allowed disabled:opacity-40"
                    aria-label={`Remove ${title} value ${index + 1}`}
                    // The own variant keeps its value, and an option keeps one: remove the option instead.
                    disabled={ownValue || values.fields.length === 1}
                    onClick={() => {
                      values.remove(index);
                      onValueRemoved(value.key);
                    }}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </div>
                <Problem id={`${id}-error`} text={error} />
              </li>
            );
          })}
        </ol>
        {values.fields.length < OPTION_VALUES_MAX && (
          <Button
            variant="secondary"
            size="sm"
            className="mt-3 min-h-11"
            aria-label={`Add a value to ${title}`}
            onClick={add}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add a value
          </Button>
        )}
      </fieldset>
    </li>
  );
}

/** Where each kind of cell sits on a phone's card (two a row) and how wide its column is on a wide screen. */
const cellPlace: Record<VariantColumn, string> = {
  sku: "col-span-2 lg:min-w-52",
  price: "lg:min-w-24",
  distroPrice: "lg:min-w-24",
  sellingPricePcs: "lg:min-w-24",
  sellingPriceBox: "lg:min-w-24",
  pcsPerPack: "lg:min-w-20",
  packPerBox: "lg:min-w-20",
  stock: "lg:min-w-24",
  active: "lg:min-w-16",
  // The facts' cells carry a line of where an empty one reads from: a phone gives each the card's width.
  liquidMl: "col-span-2 lg:min-w-44",
  nicotineMgPerMl: "col-span-2 lg:min-w-48",
  vapeSystem: "col-span-2 lg:min-w-48",
  wholesaleCost: "col-span-2 lg:min-w-44",
};

const systemChoices = [
  ["prefilled", "Prefilled (closed)"],
  ["open", "Open system"],
] as const;

const isFact = (column: VariantColumn): column is FactColumn =>
  variantColumns.some((each) => each.name === column && each.view === "facts");

/** The view a problem's cell is in, for a problem at a cell of the grid. */
const viewOf = (path: string): VariantView | null => {
  const [list, , name] = path.split(".");
  return list === "variants" ? (variantColumns.find((column) => column.name === name)?.view ?? null) : null;
};

const cellBox = "lg:border-line lg:border-t lg:px-2 lg:py-3 lg:align-top";
// A line drawn inside the cell: a collapsed table paints its borders where the cell was, not where it sticks.
const stickyCell = "lg:sticky lg:left-0 lg:z-10 lg:shadow-[inset_-1px_0_0_var(--color-line)]";

/** One variant: a card on a phone, a row of the grid on a wide screen. */
function VariantRow({
  form,
  index,
  row,
  label,
  view,
  productFacts,
  options,
  applies,
  onApply,
  onRemove,
}: {
  form: VariantsForm;
  index: number;
  row: VariantDraft;
  label: string;
  view: VariantView;
  /** The product's fields an empty fact cell reads from. */
  productFacts: ProductFactFields;
  options: readonly OptionDraft[];
  /** The first row's cells apply their value to every row. */
  applies: boolean;
  onApply: (column: Exclude<VariantColumn, "sku">) => void;
  onRemove: () => void;
}) {
  const rowError = errorAt(form, `variants.${index}.values`);
  const rowErrorId = `variant-${index}-error`;
  // The row as typed now: what an empty fact reads changes with its values and its Distro price.
  const typed = useWatch({ control: form.control, name: `variants.${index}` }) ?? row;
  const hints = view === "facts" ? factHints(productFacts, options, typed) : null;
  return (
    <tr className="grid grid-cols-2 gap-x-3 gap-y-4 rounded-xl border border-line p-4 sm:grid-cols-4 lg:table-row lg:rounded-none lg:border-0 lg:p-0">
      <th
        scope="row"
        className={`col-span-full text-left font-normal lg:min-w-40 lg:bg-white lg:px-3 ${cellBox} ${stickyCell}`}
      >
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 lg:min-h-11">
          <span className="font-semibold">{label}</span>
          {row.own && <Badge tone={badgeTones.brand}>Own variant</Badge>}
          {!row.variantId && <Badge tone={badgeTones.sky}>New</Badge>}
        </span>
        <Problem id={rowErrorId} text={rowError} />
      </th>
      {variantColumns.map((column) => {
        if (column.view !== view) return null;
        const path = `variants.${index}.${column.name}` as FormPath;
        const id = `variant-${index}-${column.name}`;
        const error = errorAt(form, path);
        const hint = hints && isFact(column.name) ? hints[column.name] : null;
        const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
        const note = hint && (
          <p id={`${id}-hint`} className="mt-1 text-muted text-xs">
            {hint.hint}
          </p>
        );
        const apply =
          applies && column.name !== "sku" ? (
            <Button
              variant="secondary"
              size="sm"
              className="mt-2 min-h-11 w-full whitespace-nowrap"
              aria-label={`Apply to all: ${column.label}`}
              onClick={() => onApply(column.name as Exclude<VariantColumn, "sku">)}
            >
              Apply to all
            </Button>
          ) : null;
        if (column.kind === "check") {
          return (
            <td key={column.name} className={`${cellPlace[column.name]} ${cellBox}`}>
              <label className="flex min-h-11 min-w-11 cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-700"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                  {...form.register(path)}
                />
                <span className="font-medium text-sm lg:sr-only">
                  {column.label}
                  <span className="sr-only"> of {label}</span>
                </span>
              </label>
              <Problem id={`${id}-error`} text={error} />
              {apply}
            </td>
          );
        }
        const cellLabel = (
          <label htmlFor={id} className="mb-1.5 block font-medium text-sm lg:sr-only">
            {column.label}
            <span className="sr-only"> of {label}</span>
          </label>
        );
        if (column.kind === "system") {
          return (
            <td key={column.name} className={`min-w-0 ${cellPlace[column.name]} ${cellBox}`}>
              {cellLabel}
              <select
                id={id}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register(path)}
              >
                <option value="">From product type</option>
                {systemChoices.map(([value, words]) => (
                  <option key={value} value={value}>
                    {words}
                  </option>
                ))}
              </select>
              {note}
              <Problem id={`${id}-error`} text={error} />
              {apply}
            </td>
          );
        }
        const decimal = column.kind === "money" || column.kind === "ml" || column.kind === "mg";
        return (
          <td key={column.name} className={`min-w-0 ${cellPlace[column.name]} ${cellBox}`}>
            {cellLabel}
            <input
              id={id}
              autoComplete="off"
              spellCheck={column.kind === "text" ? false : undefined}
              // A nicotine strength may be typed as a percentage ("5%"), which a phone's number pad lacks.
              inputMode={decimal && column.kind !== "mg" ? "decimal" : column.kind === "count" ? "numeric" : undefined}
              // An empty fact shows what it reads from the product; an empty price, how to type one.
              placeholder={hint ? hint.placeholder : column.kind === "money" ? "0.00" : undefined}
              maxLength={column.kind === "text" ? 64 : decimal ? 16 : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              className={inputClass}
              {...form.register(path)}
            />
            {note}
            <Problem id={`${id}-error`} text={error} />
            {apply}
          </td>
        );
      })}
      {row.own ? (
        <td className={`hidden lg:table-cell ${cellBox}`} />
      ) : (
        <td className={`col-span-full flex justify-end lg:table-cell ${cellBox}`}>
          <Button variant="danger" size="icon" className="size-11" aria-label={`Remove ${label}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </td>
      )}
    </tr>
  );
}

interface Props {
  productId: string;
  productName: string;
  /** The options and variants as saved (the variants query's data). */
  saved: AdminProductVariants;
  /** The product's saved Liquid, Nicotine strength and Product type, which an empty tax fact reads. */
  productFacts: ProductFactFields;
}

/**
 * The edit screen's Options and variants (docs/decisions/093): up to three options with their
 * values, every combination made into a variant at a click, and a grid of each variant's SKU,
 * prices, stock and state, or of the facts its excise taxes need (docs/decisions/096), saved at
 * once; each problem shows at its cell.
 */
export function VariantsEditor({ productId, productName, saved, productFacts }: Props) {
  const saveVariants = useSaveVariants(productId);
  const form = useForm<VariantsFormValues, unknown, ProductVariantsInput>({
    resolver: variantsResolver,
    defaultValues: variantsFormValues(saved),
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChanges(form, "the options and variants");
  const options = useFieldArray({ control: form.control, name: "options" });
  const variants = useFieldArray({ control: form.control, name: "variants" });
  const optionValues: OptionDraft[] = useWatch({ control: form.control, name: "options" }) ?? [];

  // Orders and the Stock panel change counts while the grid is open: a grid staff have not
  // touched shows them; one they have keeps what they typed.
  const shown = useRef(saved);
  useEffect(() => {
    if (saved === shown.current) return;
    shown.current = saved;
    if (!form.formState.isDirty) form.reset(variantsFormValues(saved));
  }, [saved, form]);

  const rows = variants.fields;
  const ownRow = rows.find((row) => row.own);
  const missing = missingCombinations(optionValues, rows).length;
  const hasOptions = options.fields.length > 0;
  // Without options the product form above holds the sale; only the tax facts are the grid's own.
  const [chosenView, setView] = useState<VariantView>("sale");
  const view: VariantView = hasOptions ? chosenView : "facts";
  const problemsIn = (which: VariantView) => problemsOf(errors).filter(([path]) => viewOf(path) === which).length;

  // A problem in the columns not shown brings them into view, and the focus to it once they are there.
  const [revealing, setRevealing] = useState<FormPath | null>(null);
  useEffect(() => {
    if (revealing === null) return;
    form.setFocus(revealing);
    setRevealing(null);
  }, [revealing, form]);
  function reveal(path: string): boolean {
    const at = viewOf(path);
    if (at === null || at === view) return false;
    setView(at);
    setRevealing(path as FormPath);
    return true;
  }

  function addOption() {
    const key = newValueKey();
    options.append({ name: "", values: [{ key, text: "" }] }, { focusName: `options.${options.fields.length}.name` });
    variants.replace(rowsWithOptionAdded(form.getValues("variants"), key));
  }

  function removeOption(at: number) {
    options.remove(at);
    variants.replace(rowsWithoutOption(form.getValues("variants"), at));
  }

  function generate() {
    const added = generatedRows(form.getValues("options"), form.getValues("variants"));
    if (added === null) {
      toast.error(
        `That would make more than ${PRODUCT_VARIANTS_MAX} variants, the most a product may have: remove some values first.`,
      );
      return;
    }
    variants.append(added, { shouldFocus: false });
  }

  function apply(column: Exclude<VariantColumn, "sku">) {
    applyToAll(form.getValues("variants"), column).forEach((row, index) => {
      form.setValue(`variants.${index}.${column}`, row[column], { shouldDirty: true });
    });
  }

  async function save(input: ProductVariantsInput) {
    try {
      const result = await saveVariants.mutateAsync(input);
      form.reset(variantsFormValues(result));
      toast.success(`Saved the options and variants of ${productName}`);
    } catch (error) {
      const values = form.getValues();
      let first: string | undefined;
      const problem = showServerErrors(
        form.setError,
        error,
        (path, message) => {
          const [name, words] = variantProblem(path, message);
          first ??= problemOfRow(name, words, values);
          return [name as FormPath, words];
        },
        {},
        {
          setFocus: (path) => {
            if (!reveal(path)) form.setFocus(path);
          },
        },
      );
      toast.error(`Failed to save the variants: ${first ?? problem.message}`);
    }
  }

  function refused(found: FieldErrors<VariantsFormValues>) {
    const [problem] = problemsOf(found);
    if (!problem) return;
    reveal(problem[0]);
    toast.error(`Failed to save the variants: ${problemOfRow(...problem, form.getValues())}`);
  }

  const listError = errorAt(form, "variants.root") ?? errorAt(form, "options.root");
  return (
    <section
      aria-labelledby="variants-title"
      className="mt-6 scroll-mt-24 rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <SectionTitle
        id="variants-title"
        title="Options and variants"
        note={countOf(rows.length, "variant", "variants")}
      />
      <p className="mt-1 text-muted text-sm">
        Up to {PRODUCT_OPTIONS_MAX} options, such as Flavour, Nicotine strength or Size. The first variant is the
        product's own: the form above edits it too, and it cannot be removed.
      </p>
      <form noValidate onSubmit={form.handleSubmit(save, refused)}>
        <h3 className="mt-6 font-semibold text-muted text-sm uppercase tracking-wider">Options</h3>
        {options.fields.length === 0 ? (
          <p className="mt-3 rounded-xl border border-line border-dashed px-4 py-5 text-center text-muted text-sm">
            No options: the product is sold as one variant, with the SKU, prices and stock above. Add an option such as
            Flavour to sell it in several.
          </p>
        ) : (
          <ol className="mt-3 grid gap-4 lg:grid-cols-3">
            {options.fields.map((option, at) => (
              <OptionEditor
                key={option.id}
                form={form}
                at={at}
                usedByOwn={ownRow?.values[at]}
                onRemove={() => removeOption(at)}
                onValueRemoved={(key) => variants.replace(rowsWithoutValue(form.getValues("variants"), at, key))}
              />
            ))}
          </ol>
        )}
        {options.fields.length < PRODUCT_OPTIONS_MAX && (
          <Button variant="secondary" className="mt-4 min-h-11" onClick={addOption}>
            <Plus aria-hidden="true" className="size-4" />
            Add an option
          </Button>
        )}

        {hasOptions && (
          <div className="mt-6 flex flex-col gap-3 rounded-xl bg-brand-50/60 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm" aria-live="polite">
              {missing === 0
                ? "Every combination of the values has its variant."
                : `${countOf(missing, "combination", "combinations")} of the values ${missing === 1 ? "has" : "have"} no variant yet.`}
            </p>
            <Button variant="secondary" className="min-h-11 shrink-0" disabled={missing === 0} onClick={generate}>
              Generate variants
            </Button>
          </div>
        )}

        <div className="mt-6 flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
          <h3 className="font-semibold text-muted text-sm uppercase tracking-wider">
            {hasOptions ? "Variants" : "Tax facts"}
          </h3>
          {hasOptions && (
            <fieldset className="flex w-full gap-1 rounded-xl bg-gray-100 p-1 sm:w-auto">
              <legend className="sr-only">Columns of the grid</legend>
              {(
                [
                  ["sale", "Prices and stock"],
                  ["facts", "Tax facts"],
                ] as const
              ).map(([value, words]) => {
                const hidden = value === view ? 0 : problemsIn(value);
                return (
                  <button
                    key={value}
                    type="button"
                    aria-pressed={view === value}
                    onClick={() => setView(value)}
                    className={`inline-flex min-h-11 min-w-0 flex-1 flex-wrap items-center justify-center gap-x-2 gap-y-0.5 rounded-lg px-3 py-1 font-medium text-sm sm:px-4 ${
                      view === value ? "bg-white shadow-sm" : "text-muted hover:text-ink"
                    }`}
                  >
                    {words}
                    {hidden > 0 && " "}
                    {hidden > 0 && (
                      <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800 text-xs">
                        {countOf(hidden, "problem", "problems")}
                      </span>
                    )}
                  </button>
                );
              })}
            </fieldset>
          )}
        </div>
        {view === "facts" ? (
          <p className="mt-2 text-muted text-sm">
            What excise taxes on vapes are worked out on, for one piece. An empty cell is read from the variant's
            options and the product's fields, as the line below it says.
          </p>
        ) : (
          <p className="mt-2 hidden text-muted text-sm lg:block">
            The grid scrolls sideways; each row's name stays in view.
          </p>
        )}
        {listError && <StatusMessage className="mt-3" status={{ kind: "error", text: listError }} />}
        {/* Positioned, so that the screen-reader words inside (absolute) scroll with the grid, not widen the page. */}
        <div className="relative mt-3 lg:overflow-x-auto lg:rounded-xl lg:border lg:border-line">
          <table className="block w-full text-sm lg:table">
            <caption className="sr-only">Variants of {productName}</caption>
            <thead className="sr-only lg:not-sr-only lg:table-header-group lg:bg-gray-50">
              <tr>
                <th
                  scope="col"
                  className={`px-3 py-3 text-left align-bottom font-semibold text-muted text-xs uppercase tracking-wider lg:bg-gray-50 ${stickyCell}`}
                >
                  Variant
                </th>
                {variantColumns
                  .filter((column) => column.view === view)
                  .map((column) => (
                    <th
                      key={column.name}
                      scope="col"
                      className="px-2 py-3 text-left align-bottom font-semibold text-muted text-xs uppercase tracking-wider"
                    >
                      {column.label}
                    </th>
                  ))}
                <th scope="col" className="px-2 py-3">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody className="grid gap-4 lg:table-row-group">
              {rows.map((row, index) => {
                const label = hasOptions ? variantLabel(optionValues, row) : productName;
                return (
                  <VariantRow
                    key={row.id}
                    form={form}
                    index={index}
                    row={row}
                    label={label}
                    view={view}
                    productFacts={productFacts}
                    options={optionValues}
                    applies={index === 0 && rows.length > 1}
                    onApply={apply}
                    onRemove={() => variants.remove(index)}
                  />
                );
              })}
            </tbody>
          </table>
        </div>

        {(options.fields.length > 0 || isDirty) && (
          <div className="mt-6 flex flex-col gap-3">
            {errors.root?.message && <StatusMessage status={{ kind: "error", text: errors.root.message }} />}
            <div className="flex flex-wrap justify-end gap-2">
              {isDirty && (
                <Button variant="secondary" size="lg" onClick={() => form.reset(variantsFormValues(saved))}>
                  Discard changes
                </Button>
              )}
              <Button type="submit" size="lg" disabled={isSubmitting}>
                {isSubmitting ? "Saving..." : "Save variants"}
              </Button>
            </div>
          </div>
        )}
      </form>
    </section>
  );
}
