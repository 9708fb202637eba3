import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/store-layout.tsx", [
    index("routes/home.tsx"),
    route("products", "routes/products.tsx"),
    route("products/:id", "routes/product.tsx"),
    route("cart", "routes/cart.tsx"),
    route("cart/checkout", "routes/checkout.tsx"),
    route("about-us", "routes/pages/about-us.tsx"),
    route("contact-us", "routes/pages/contact-us.tsx"),
    route("terms-and-conditions", "routes/pages/terms-and-conditions.tsx"),
    route("privacy-policy", "routes/pages/privacy-policy.tsx"),
    route("return-policy", "routes/pages/return-policy.tsx"),
    route("shipping-policy", "routes/pages/shipping-policy.tsx"),
    route("verification", "routes/pages/verification.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
