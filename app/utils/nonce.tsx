/** The CSP nonce of the current render, provided by entry.server and read by root.tsx. */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
