import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "../ui/button.tsx";

/**
 * A file the server makes (a CSV export) as a secondary button beside a page's title: a plain
 * link with `download`, so the browser saves what the server streams.
 */
export function DownloadLink({
  href,
  className,
  size,
  children = "Export CSV",
}: {
  href: string;
  /** Placement and width only (w-full sm:w-auto). */
  className?: string;
  /** "sm" in a list's bulk toolbar, beside its other buttons. */
  size?: "sm";
  children?: ReactNode;
}) {
  return (
    <a href={href} download className={buttonClass({ variant: "secondary", size, className })}>
      <Download aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
