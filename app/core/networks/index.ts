/**
 * Networks per asset (ADR 0031): the vocabulary, labels, confirmation counts, address validation,
 * explorer links and payment URIs. Isomorphic and pure.
 */
export * from "./networks";
export * from "./addresses";
export * from "./explorer";
export * from "./payment-uri";
