import { writeFileSync } from "node:fs";
import path from "node:path";
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
 * Fewer, larger chunks for storefront pages: every request costs a round trip on a phone
 * network, and every chunk boundary costs bytes. Two groups: "framework" (React, React DOM,
 * React Router and the root route, which every page loads) and "store-shell" (the store layout
 * with all it imports, header, cart state, age gate, loader, plus the catalogue's parts the
 * budgeted pages share). Route modules, what only they use, and lazy parts stay split
 * (decision 018).
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
                    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]|[\\/]app[\\/]root\.tsx$/,
                    priority: 20,
                  },
                  {
                    name: "store-shell",
                    test: /[\\/]app[\\/](routes[\\/]store-layout\.tsx$|components[\\/](catalog[\\/](product-card|product-price|stock-badge|responsive-image|pagination)|breadcrumb|empty-state))/,
                    priority: 10,
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

/**
 * Writes which source modules each browser chunk holds to build/chunk-modules.json (outside the
 * served folder), so that scripts/size-check.mjs can tell what a page really loads: dashboard
 * code, or a renderer other than React DOM, fails it.
 */
function chunkModulesReport(): Plugin {
  const repository = path.resolve(import.meta.dirname, "../..");
  return {
    name: "shop:chunk-modules-report",
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const report: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk")
          report[output.fileName] = output.moduleIds.map((id) => path.relative(repository, id));
      }
      writeFileSync(path.join(options.dir, "..", "chunk-modules.json"), JSON.stringify(report, null, 1));
    },
  };
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    sharedStaysExternal(),
    sonnerStylesAsFile(),
    storefrontChunks(),
    chunkModulesReport(),
  ],
  build: { assetsInlineLimit: 0 },
  // Pre-bundled up front so the first page in development does not reload to re-optimise.
  optimizeDeps: {
    include: [
      "react",
      "react/jsx-runtime",
      "react-dom",
      "react-dom/client",
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
