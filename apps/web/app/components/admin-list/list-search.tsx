import { X } from "lucide-react";
import { useRef } from "react";

interface Props {
  id: string;
  label: string;
  placeholder: string;
  /** The list's search from useListParams: the box's text, typing, and searching now. */
  search: {
    draft: string;
    change: (value: string) => void;
    /** Search now, for `value` when given (the clear button), else for the box's text. */
    submit: (value?: string) => void;
  };
}

/** A list's search box. Without JavaScript it is a plain GET form with the same ?q= parameter. */
export function ListSearch({ id, label, placeholder, search }: Props) {
  const { draft: value, change: onChange, submit: onSubmit } = search;
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <search>
      <form
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        className="flex gap-2"
      >
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <div className="relative min-w-0 flex-1">
          <input
            ref={inputRef}
            id={id}
            name="q"
            type="search"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder={placeholder}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            className="block h-11 w-full rounded-xl border border-line bg-white pr-10 pl-3.5 text-base [&::-webkit-search-cancel-button]:hidden"
          />
          {value && (
            <button
              type="button"
              onClick={() => {
                onChange("");
                onSubmit("");
                inputRef.current?.focus();
              }}
              aria-label="Clear search"
              className="absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-gray-100 hover:text-ink"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
        <button
          type="submit"
          className="h-11 shrink-0 rounded-xl bg-brand-700 px-4 font-semibold text-sm text-white hover:bg-brand-900 sm:px-5"
        >
          Search
        </button>
      </form>
    </search>
  );
}
