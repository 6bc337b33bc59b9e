/**
 * Virus-scan states of an uploaded KYB document (docs/decisions/0024-kyb-documents.md). Isomorphic:
 * the Drizzle schema builds its column from this list. Only "unscanned" is written today.
 */
export const kybScanStatuses = ["unscanned", "clean", "infected"] as const;
export type KybScanStatus = (typeof kybScanStatuses)[number];
