/**
 * Per-render values provided by entry.server and read by root.tsx: the CSP nonce, a pending flash.
 */
import { createContext, useContext } from "react";
import type { Flash } from "~/components/layout/Flash";

export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

/** The flash a no-JavaScript form post set in this very response (see takeFlashFromResponse). */
export const PendingFlashContext = createContext<Flash | undefined>(undefined);
export const usePendingFlash = () => useContext(PendingFlashContext);
