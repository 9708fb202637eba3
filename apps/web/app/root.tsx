import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { canonicalUrl, titles } from "./lib/meta.ts";
import { useNonce } from "./lib/nonce.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { storeProfile } = await context.services.settings.getPublic();
  return { publicUrl: context.publicUrl, shopName: storeProfile.name };
}

// The public address never changes while the shop runs; a new shop name shows on the next page load.
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const location = useLocation();
  const root = useRouteLoaderData<typeof loader>("root");
  const canonical = root ? canonicalUrl(root.publicUrl, location.pathname, location.search) : undefined;
  // Before <Meta> renders the titles, in the same pass (lib/meta.ts).
  if (root) titles.shopName = root.shopName;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3b20" />
        <Meta />
        {canonical && <link rel="canonical" href={canonical} />}
        {canonical && <meta property="og:url" content={canonical} />}
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function links() {
  return [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];
}

export { RouteErrorBoundary as ErrorBoundary } from "./components/route-error-boundary.tsx";
