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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), sharedStaysExternal()],
  build: { assetsInlineLimit: 0 },
  // Pre-bundled up front so the first page in development does not reload to re-optimise.
  optimizeDeps: {
    include: ["react", "react-dom", "react-dom/client", "react-router", "lucide-react", "@tanstack/react-query"],
  },
});
