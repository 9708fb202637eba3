import { SEARCH_QUERY_MAX_LENGTH } from "@shop/shared/rules";
import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { Form, href } from "react-router";
import { Button } from "../ui/button.tsx";

interface Props {
  id: string;
  /** Where the words go as ?q=…: the product list unless said otherwise. */
  action?: string;
  /** The field's label, for assistive technology. */
  label?: string;
  placeholder?: string;
  /** The API's limit for this search, so a long paste never ends on an error page. */
  maxLength?: number;
  defaultValue?: string;
  autoFocus?: boolean;
  /** Called as the search is sent, e.g. to close the panel that holds the form. */
  onSearch?: () => void;
  /** Hidden fields that narrow the search (e.g. a product). */
  children?: ReactNode;
}

/** The storefront's search form: a rounded field with its icon and the green Search button. */
export function SearchForm({
  id,
  action = href("/products"),
  label = "Search the shop",
  placeholder = "Search products",
  maxLength = SEARCH_QUERY_MAX_LENGTH,
  defaultValue,
  autoFocus = false,
  onSearch,
  children,
}: Props) {
  return (
    <Form role="search" action={action} method="get" onSubmit={onSearch} className="flex gap-2">
      {children}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3.5 size-5 text-muted" />
        <input
          id={id}
          type="search"
          name="q"
          maxLength={maxLength}
          defaultValue={defaultValue}
          key={defaultValue}
          // biome-ignore lint/a11y/noAutofocus: the field is opened on purpose by the search button
          autoFocus={autoFocus}
          enterKeyHint="search"
          placeholder={placeholder}
          className="w-full rounded-full border border-line bg-white py-2.5 pr-4 pl-11 text-base text-ink placeholder:text-muted"
        />
      </div>
      <Button type="submit">Search</Button>
    </Form>
  );
}
