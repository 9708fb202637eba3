import { SEARCH_QUERY_MAX_LENGTH } from "@shop/shared";
import { Search } from "lucide-react";
import { Form } from "react-router";

interface Props {
  /** The field's id; its label is "Search the shop" for assistive technology. */
  id: string;
  autoFocus?: boolean;
  /** Called as the search is sent, e.g. to close the panel that holds the form. */
  onSearch?: () => void;
}

/**
 * The shop's product search: words go to /products?q=…, where the filters take over. The field
 * takes no more characters than the API accepts, so a long paste never ends on an error page.
 */
export function SearchForm({ id, autoFocus = false, onSearch }: Props) {
  return (
    <Form role="search" action="/products" method="get" onSubmit={onSearch} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        Search the shop
      </label>
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3.5 size-5 text-muted" />
        <input
          id={id}
          type="search"
          name="q"
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          // biome-ignore lint/a11y/noAutofocus: the field is opened on purpose by the search button
          autoFocus={autoFocus}
          enterKeyHint="search"
          placeholder="Search products"
          className="w-full rounded-full border border-line bg-white py-2.5 pr-4 pl-11 text-base text-ink placeholder:text-muted"
        />
      </div>
      <button
        type="submit"
        className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-brand-900"
      >
        Search
      </button>
    </Form>
  );
}
