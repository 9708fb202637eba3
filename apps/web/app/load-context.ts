import type { WebLoadContext } from "@shop/server/web-context";

declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}
