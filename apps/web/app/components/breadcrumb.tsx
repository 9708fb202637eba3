import { Fragment } from "react";
import { Link } from "react-router";

export interface Crumb {
  label: string;
  /** Omitted for the current page, which is the last crumb. */
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
              <li aria-current="page" className="text-ink">
                {item.label}
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
