import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response (server only; browsers hide it, so it is empty after hydration). */
export function useNonce(): string {
  return useContext(NonceContext);
}
