import { Fragment } from "react";
import { Link } from "react-router";

export interface Crumb {
  label: string;
  /** Omitted for the current page (the last crumb) and for crumbs with no page of their own. */
  to?: string;
}

export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-muted text-sm">
      <ol className="flex flex-wrap gap-2">
        {items.map((item, index) => (
          <Fragment key={item.to ?? item.label}>
            {index > 0 && <li aria-hidden="true">/</li>}
            {item.to ? (
              <li>
                <Link to={item.to} className="hover:text-ink">
                  {item.label}
                </Link>
              </li>
            ) : (
              // A crumb without a page of its own (e.g. a menu group) is plain text; only the last is current.
              <li
                aria-current={index === items.length - 1 ? "page" : undefined}
                className={index === items.length - 1 ? "text-ink" : undefined}
              >
                {item.label}
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
