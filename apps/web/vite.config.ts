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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), sharedStaysExternal(), sonnerStylesAsFile()],
  build: { assetsInlineLimit: 0 },
  // Pre-bundled up front so the first page in development does not reload to re-optimise.
  optimizeDeps: {
    include: ["react", "react-dom", "react-dom/client", "react-router", "lucide-react", "@tanstack/react-query"],
    // Pre-bundling would bypass the sonner transform above in development.
    exclude: ["sonner"],
  },
});
