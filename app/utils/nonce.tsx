import { createContext, useContext } from "react";

// The nonce exists only while rendering on the server; browsers hide it from the page afterwards.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
