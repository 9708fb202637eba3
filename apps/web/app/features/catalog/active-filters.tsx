import type { MasterCategory } from "@shop/shared";
import { X } from "lucide-react";
import { Link, type SubmitFunction } from "react-router";

export const FILTERS_FORM_ID = "product-filters";

/** Navigates to the list with the form's values, leaving out empty ones so the URL stays short. */
export function applyFilters(submit: SubmitFunction, form: HTMLFormElement) {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== "string" || value.trim() === "") continue;
    if (name === "sort" && value === "newest") continue;
    params.append(name, value.trim());
  }
  void submit(params, { method: "get", action: "/products" });
}

const filterLabels: Record<string, string> = {
  q: "Search",
  category: "Category",
  brand: "Brand",
  flavour: "Flavour",
  strain: "Strain",
  nicotine: "Nicotine",
  puffs9000: "9,000+ puffs",
  inStock: "In stock",
  minPrice: "From $",
  maxPrice: "Up to $",
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
    return query ? `?${query}` : "/products";
  };
  const shown = (name: string, value: string) => {
    if (name === "category") return categories.find((category) => category.slug === value)?.name ?? value;
    if (name === "puffs9000" || name === "inStock")
      return value === "true" ? filterLabels[name] : `not ${filterLabels[name]}`;
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
        <Link to="/products" className="text-muted text-sm underline-offset-2 hover:text-ink hover:underline">
          Clear all
        </Link>
      </li>
    </ul>
  );
}
