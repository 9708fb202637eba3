import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/store-layout.tsx", [
    index("routes/home.tsx"),
    route("products", "routes/products.tsx"),
    route("products/:id", "routes/product.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
