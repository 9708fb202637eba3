import type { MasterCategory, ProductFacets } from "@shop/shared";
import { formatCents, parseDollarsToCents, SEARCH_QUERY_MAX_LENGTH } from "@shop/shared/rules";
import { Search, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { href, Link, type SubmitFunction, useSubmit } from "react-router";

export const FILTERS_FORM_ID = "product-filters";

const UPSIDE_DOWN_PRICES = "The lowest price is above the highest.";

/** A lowest price above the highest in the form (the API refuses it too), or null. */
function priceRangeProblem(form: HTMLFormElement): string | null {
  const price = (name: string) => Number.parseFloat(String(new FormData(form).get(name) ?? ""));
  const [low, high] = [price("minPrice"), price("maxPrice")];
  return low > high ? UPSIDE_DOWN_PRICES : null;
}

/**
 * Navigates to the list with the form's values, leaving out empty ones so the URL stays short;
 * gives back what is wrong instead when the price range is upside down.
 */
export function applyFilters(submit: SubmitFunction, form: HTMLFormElement): string | null {
  const problem = priceRangeProblem(form);
  if (problem) return problem;
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== "string" || value.trim() === "") continue;
    if (name === "sort" && value === "newest") continue;
    params.append(name, value.trim());
  }
  void submit(params, { method: "get", action: href("/products") });
  return null;
}

const filterLabels: Record<string, string> = {
  q: "Search",
  category: "Category",
  brand: "Brand",
  flavour: "Flavour",
  strain: "Strain",
  nicotine: "Nicotine",
  size: "Size",
  puffs9000: "9,000+ puffs",
  inStock: "In stock",
  minPrice: "From",
  maxPrice: "Up to",
  shipsTo: "Ships to",
};

/** The filters in the URL, each with a link that removes it (and goes back to page 1). */
export function ActiveFilters({ search, categories }: { search: URLSearchParams; categories: MasterCategory[] }) {
  const active = [...search.entries()].filter(([name, value]) => name in filterLabels && value !== "");
  if (active.length === 0) return null;
  const without = (name: string) => {
    const params = new URLSearchParams(search);
    params.delete(name);
    params.delete("page");
    const query = params.toString();
    return query ? `?${query}` : href("/products");
  };
  const shown = (name: string, value: string) => {
    if (name === "category") return categories.find((category) => category.slug === value)?.name ?? value;
    if (name === "puffs9000" || name === "inStock")
      return value === "true" ? filterLabels[name] : `not ${filterLabels[name]}`;
    if (name === "minPrice" || name === "maxPrice") {
      const cents = parseDollarsToCents(value);
      return `${filterLabels[name]} ${cents === null ? value : formatCents(cents)}`;
    }
    return `${filterLabels[name]}: ${value}`;
  };
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {active.map(([name, value]) => (
        <li key={name}>
          <Link
            to={without(name)}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-2 pl-3 font-medium text-brand-900 text-sm hover:bg-brand-100"
          >
            {shown(name, value)}
            <X aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(remove this filter)</span>
          </Link>
        </li>
      ))}
      <li>
        <Link to={href("/products")} className="text-muted text-sm underline-offset-2 hover:text-ink hover:underline">
          Clear all
        </Link>
      </li>
    </ul>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className="border-line border-t pt-4">
      <legend className="float-left mb-2 w-full font-semibold text-sm">{label}</legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

const selectClass = "block h-10 w-full rounded-lg border border-line bg-white px-2.5 text-sm";

/** One option of a filter: the value the URL carries, its words when they differ, how many products have it. */
interface Choice {
  value: string;
  label?: string;
  count: number;
}

interface Props {
  /** With the buyer's state (chosen, from the default address, or in the URL): "Ships to my state (TX)". */
  facets: ProductFacets & { shipState: string | null };
  categories: MasterCategory[];
  search: URLSearchParams;
}

/**
 * The list's filters as a GET form: the URL holds them (shareable, back button works) and the
 * form works without JavaScript; with it, a change applies at once.
 */
export function ProductFilters({ facets, categories, search }: Props) {
  const submit = useSubmit();
  const [priceError, setPriceError] = useState<string | null>(null);
  const apply = (form: HTMLFormElement) => {
    const problem = applyFilters(submit, form);
    setPriceError(problem);
    if (problem) form.querySelector<HTMLInputElement>("[name=minPrice]")?.focus();
  };
  const value = (name: string) => search.get(name) ?? "";
  /** A choice of the values products have, each with its count; `any` (no filter) first. */
  const select = (name: string, label: string, any: string, options: Choice[]) => (
    <select name={name} defaultValue={value(name)} aria-label={label} className={selectClass}>
      <option value="">{any}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label ?? option.value} ({option.count})
        </option>
      ))}
    </select>
  );
  const choice = (name: string, label: string, options: Choice[]) =>
    options.length > 0 && <Group label={label}>{select(name, label, "Any", options)}</Group>;

  /** A yes-only filter: sent as `yes` ("true") when ticked, left out otherwise. */
  const yesFilter = (name: string, words: string, className: string, yes = "true") => (
    <label className={className}>
      <input type="checkbox" name={name} value={yes} defaultChecked={value(name) === yes} className="size-4" />
      {words}
    </label>
  );

  const priceInput = (name: "minPrice" | "maxPrice", label: string, placeholderCents: number) => (
    <input
      name={name}
      type="number"
      min={0}
      step="0.01"
      inputMode="decimal"
      aria-label={label}
      aria-invalid={priceError ? true : undefined}
      aria-describedby={priceError ? "price-range-error" : undefined}
      defaultValue={value(name)}
      placeholder={formatCents(placeholderCents)}
      className="block h-10 w-full rounded-lg border border-line bg-white px-2.5 text-sm"
    />
  );

  return (
    <form
      method="get"
      action={href("/products")}
      id={FILTERS_FORM_ID}
      key={search.toString()}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
      onChange={(event) => {
        // Text and price fields apply on Enter or with the button; choices apply at once.
        const target = event.target;
        if (target instanceof HTMLInputElement && ["text", "search", "number"].includes(target.type)) return;
        apply(event.currentTarget);
      }}
      className="space-y-4"
    >
      <div>
        <label htmlFor="filter-q" className="font-semibold text-sm">
          Search
        </label>
        <div className="relative mt-2">
          <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-3 size-5 text-muted" />
          <input
            id="filter-q"
            type="search"
            name="q"
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            defaultValue={value("q")}
            placeholder="Flavour, brand, strain…"
            className="block h-10 w-full rounded-lg border border-line bg-white pr-3 pl-10 text-sm"
          />
        </div>
      </div>
      <Group label="Category">
        {select(
          "category",
          "Category",
          "All categories",
          categories.map((category) => ({ value: category.slug, label: category.name, count: category.productCount })),
        )}
      </Group>
      {choice("brand", "Brand", facets.brands)}
      {choice("flavour", "Flavour", facets.flavours)}
      {choice("strain", "Strain type", facets.strains)}
      {choice("nicotine", "Nicotine strength", facets.nicotine)}
      {choice("size", "Size", facets.sizes)}
      <Group label="Price per unit">
        <div className="flex items-center gap-2">
          {priceInput("minPrice", "Lowest price in dollars", facets.price.minCents)}
          <span aria-hidden="true" className="text-muted">
            –
          </span>
          {priceInput("maxPrice", "Highest price in dollars", facets.price.maxCents)}
        </div>
        {priceError && (
          <p id="price-range-error" role="alert" className="mt-2 font-medium text-red-700 text-sm">
            {priceError}
          </p>
        )}
      </Group>
      <Group label="Availability">
        {yesFilter("inStock", "In stock only", "flex items-center gap-2 text-sm")}
        {/* Only where some products have it: kratom has no puffs. */}
        {(facets.puffs9000 > 0 || value("puffs9000") !== "") &&
          yesFilter("puffs9000", "9,000+ puffs per device", "mt-2 flex items-center gap-2 text-sm")}
        {facets.shipState &&
          yesFilter(
            "shipsTo",
            `Ships to my state (${facets.shipState})`,
            "mt-2 flex items-center gap-2 text-sm",
            facets.shipState,
          )}
      </Group>
      <button
        type="submit"
        className="h-10 w-full rounded-full bg-ink font-semibold text-sm text-white hover:bg-brand-900"
      >
        Apply filters
      </button>
    </form>
  );
}
