import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import "./lib/preact-options.ts";

/**
 * React Router's first render suspends until the page's data script is decoded. React waits for
 * that at the root; Preact cannot suspend there without throwing the server's HTML away (decision
 * 017). Calling the router once before hydrating starts the decoding and hands us its promise.
 */
async function routerDataDecoded() {
  for (;;) {
    try {
      HydratedRouter({});
      return;
    } catch (thrown) {
      // Past the decoding, the call fails on its first hook, which only works inside a render.
      if (!(thrown instanceof Promise)) return;
      await thrown;
    }
  }
}

routerDataDecoded().then(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
