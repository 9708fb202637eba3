import "sonner/dist/styles.css";
import "./toaster.css";
import { Toaster as Sonner } from "sonner";

/**
 * The dashboard's one place for toasts; call `toast` from "sonner" anywhere below it. The spec's
 * toasts match sonner's defaults: shown 4000 ms, at most 3 at once, 356 px wide.
 */
export function Toaster() {
  return <Sonner position="top-right" duration={4000} visibleToasts={3} closeButton richColors />;
}
