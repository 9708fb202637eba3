import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The server imports @shop/shared itself; the web app's server code must use that same copy, or
 * its schemas would be registered twice under one id (OpenAPI generation refuses that).
 */
function sharedStaysExternal(): Plugin {
  return {
    name: "shop:shared-stays-external",
    configEnvironment(name) {
      if (name === "client") return;
      // resolve.external covers the dev server; the build needs the bundler's own option.
      return { resolve: { external: ["@shop/shared"] }, build: { rollupOptions: { external: ["@shop/shared"] } } };
    },
  };
}

/**
 * sonner puts its stylesheet into a <style> element at run time, which our CSP (style-src 'self')
 * refuses. Its call is dropped here and the same stylesheet is imported as a file instead
 * (components/ui/toaster.tsx).
 */
function sonnerStylesAsFile(): Plugin {
  return {
    name: "shop:sonner-styles-as-file",
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const call = /\n__insertCSS\("(?:[^"\\]|\\.)*"\);/;
      if (!call.test(code)) throw new Error("sonner no longer injects its CSS as expected; see vite.config.ts");
      return { code: code.replace(call, "\n"), map: null };
    },
  };
}

/**
 * Preact renders the React code on both sides (decision 017): React DOM alone is 65 KB gzip of the
 * 90 KB storefront budget. Every package that imports React is bundled into the server build, so
 * the alias reaches it there too and the server's HTML is what the browser's Preact hydrates.
 */
const reactToPreact = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
];
const packagesImportingReact = [
  "react-router",
  "@tanstack/react-query",
  "react-hook-form",
  "@hookform/resolvers",
  "lucide-react",
  "sonner",
];

/**
 * Fewer, larger chunks for storefront pages: every request costs a round trip on a phone
 * network. The renderer and router, the root route, the storefront's shell (the store layout and
 * everything it imports: header, cart, age gate, loader) and the catalogue's parts are one chunk
 * each, instead of about thirty chunks of a few hundred bytes. Route modules and what only they
 * use stay split (decision 017).
 */
function storefrontChunks(): Plugin {
  return {
    name: "shop:storefront-chunks",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: "framework",
                    test: /[\\/]node_modules[\\/](preact|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                    priority: 20,
                  },
                  { name: "root", test: /[\\/]app[\\/]root\.tsx$/, priority: 15 },
                  { name: "store-shell", test: /[\\/]app[\\/]routes[\\/]store-layout\.tsx$/, priority: 10 },
                  {
                    name: "catalog",
                    test: /[\\/]app[\\/](components[\\/](catalog[\\/]|breadcrumb|empty-state)|features[\\/]catalog[\\/])/,
                    priority: 5,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), sharedStaysExternal(), sonnerStylesAsFile(), storefrontChunks()],
  resolve: { alias: reactToPreact },
  ssr: { noExternal: packagesImportingReact },
  build: { assetsInlineLimit: 0 },
  // Pre-bundled up front so the first page in development does not reload to re-optimise.
  optimizeDeps: {
    include: [
      "preact",
      "preact/compat",
      "preact/compat/client",
      "preact/hooks",
      "preact/jsx-runtime",
      "react-router",
      "react-router/dom",
      "cookie",
      "set-cookie-parser",
      "lucide-react",
      "@tanstack/react-query",
      "zod",
    ],
    // Pre-bundling would bypass the sonner transform above in development.
    exclude: ["sonner"],
  },
});
