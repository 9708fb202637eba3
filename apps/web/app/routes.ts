import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // The admin dashboard: its own layout and route modules, so none of it is in storefront pages.
  route("dashboard", "routes/dashboard/layout.tsx", { id: "dashboard" }, [
    index("routes/dashboard/home.tsx"),
    route("users/customers", "routes/dashboard/customers.tsx"),
    route("users/customers/:id", "routes/dashboard/customer.tsx"),
    route("users/staff", "routes/dashboard/staff.tsx"),
    route("products/categories", "routes/dashboard/categories.tsx"),
    route("*", "routes/dashboard/not-found.tsx", { id: "dashboard-not-found" }),
  ]),
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
    route("registration", "routes/auth/registration.tsx"),
    route("verify-email", "routes/auth/verify-email.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("account", "routes/account/layout.tsx", [
      index("routes/account/profile.tsx"),
      route("addresses", "routes/account/addresses.tsx"),
      route("orders", "routes/account/orders.tsx"),
    ]),
    route("blog", "routes/blog/list.tsx", { id: "blog" }),
    route("blog/latest", "routes/blog/list.tsx", { id: "blog-latest" }),
    route("blog/reviews", "routes/blog/list.tsx", { id: "blog-reviews" }),
    route("blog/guides", "routes/blog/list.tsx", { id: "blog-guides" }),
    route("blog/:slug", "routes/blog/post.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
