import { Suspense } from "react";
import { lazyPart } from "../../lib/lazy-part.ts";
import type { PaginationProps } from "./page-links.tsx";

const PageLinks = lazyPart(() => import("./page-links.tsx"));

/**
 * Previous, the page numbers and Next, below a list. The links are plain ones until their code
 * arrives (a lazy part: lists paint without it); a fallback of the same height keeps the page still.
 */
export function Pagination(props: PaginationProps) {
  if (props.totalPages <= 1) return null;
  return (
    <Suspense fallback={<div className="mt-10 h-10" />}>
      <PageLinks {...props} />
    </Suspense>
  );
}
