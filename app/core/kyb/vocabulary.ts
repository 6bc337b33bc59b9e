/**
 * The words of KYB (issue 31, item 6): tiers, the parties behind a business, and document kinds.
 * Isomorphic and pure: the schema builds its columns from these (ADR 0020).
 */

/** A merchant's due-diligence tier: its limits follow it (app/core/kyb/tiers.ts). */
export const kybTiers = ["basic", "standard", "enhanced"] as const;
export type KybTier = (typeof kybTiers)[number];

/** A person behind a business: a director, or a beneficial owner (25% or more). */
export const partyRoles = ["director", "owner"] as const;
export type PartyRole = (typeof partyRoles)[number];
