/**
 * The shapes of identifiers shown to people (app/core/ids.server.ts makes them). Isomorphic:
 * checking an id needs no randomness, so the ledger's account constructors can validate without
 * node:crypto.
 */

/** `MRC-` and six characters of the readable alphabet (no 0/O, 1/I/L, U). */
export const MERCHANT_ID_PATTERN = /^MRC-[2-9A-HJKMNP-TV-Z]{6}$/;
