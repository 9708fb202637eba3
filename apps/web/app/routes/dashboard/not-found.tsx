import { data } from "react-router";
import { adminMeta } from "../../lib/admin-meta.ts";

export function loader() {
  throw data("There is no dashboard page at this address.", { status: 404 });
}

export function meta() {
  return adminMeta("Page not found");
}

export default function DashboardNotFound() {
  return null;
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
