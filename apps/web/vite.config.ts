import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  // Pre-bundled up front so the first page in development does not reload to re-optimise.
  optimizeDeps: { include: ["react", "react-dom", "react-dom/client", "react-router", "lucide-react"] },
});
