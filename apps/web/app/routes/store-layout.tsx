import { Outlet } from "react-router";
import { StoreFooter } from "../components/layout/store-footer.tsx";
import { StoreHeader } from "../components/layout/store-header.tsx";
import type { Route } from "./+types/store-layout";

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await context.services.catalog.listCategories() };
}

// Categories change rarely; navigations within the shop need not reload them.
export function shouldRevalidate() {
  return false;
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <StoreHeader categories={loaderData.categories} />
      <div className="flex-1">
        <Outlet />
      </div>
      <StoreFooter categories={loaderData.categories} />
    </div>
  );
}
