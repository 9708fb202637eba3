import { data } from "react-router";
import { pageMeta } from "../lib/meta.ts";

export function loader() {
  throw data("The page you asked for does not exist, or has moved.", { status: 404 });
}

export function meta() {
  return pageMeta("Page not found", "This page does not exist.");
}

export default function NotFound() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/route-error-boundary.tsx";
