import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "./error-page.tsx";

/** Shows a route's error inside the page layout, in words. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" ? error.data : error.statusText;
    return <ErrorPage status={error.status} message={message} />;
  }
  return <ErrorPage status={500} message="Something went wrong on our side. Please try again in a moment." />;
}
