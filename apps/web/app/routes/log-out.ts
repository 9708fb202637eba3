import { href, redirect, redirectDocument } from "react-router";
import type { Route } from "./+types/log-out";

/**
 * Logging out (decision 089): the "Log out" buttons of the store and the dashboard post here. The
 * session ends and its cookie is cleared; then the home page loads in full, as a document, so that
 * every loader (the header's too) sees a signed-out visitor.
 */
export async function action({ context }: Route.ActionArgs) {
  await context.session.end();
  return redirectDocument(href("/"));
}

/** Opened as a page (a bookmark, a typed address): nothing happens; the home page. */
export function loader() {
  return redirect(href("/"));
}
