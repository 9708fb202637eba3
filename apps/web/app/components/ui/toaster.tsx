import "sonner/dist/styles.css";
import "./toaster.css";
import { Toaster as Sonner } from "sonner";

/** Toasts start below the dashboard's fixed 4 rem header, so they never cover its buttons. */
const BELOW_HEADER = { top: "4.75rem" };

/**
 * The dashboard's one place for toasts; call `toast` from "sonner" anywhere below it. The spec's
 * toasts match sonner's defaults: shown 4000 ms, at most 3 at once, 356 px wide.
 */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      duration={4000}
      visibleToasts={3}
      closeButton
      richColors
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
    />
  );
}
