/**
 * Account vocabularies (isomorphic): the schema builds its columns from them (ADR 0020), the
 * security page labels them.
 */

/** What a one-time account link is for (account_tokens.purpose). */
export const accountTokenPurposes = ["password_reset"] as const;
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number];

/** The security events a user sees on their security page (security_events.type). */
export const securityEventTypes = [
  "sign_in",
  "sign_in_failed",
  "second_factor_failed",
  "two_factor_enabled",
  "two_factor_disabled",
  "recovery_code_used",
  "recovery_codes_regenerated",
  "password_changed",
  "password_reset_requested",
  "sessions_ended",
  "payout_destination_changed",
  "member_invited",
  "member_removed",
  "member_role_changed",
  "member_suspended",
  "api_key_created",
  "api_key_revoked",
] as const;
export type SecurityEventType = (typeof securityEventTypes)[number];

export const securityEventLabels: Record<SecurityEventType, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in attempt",
  second_factor_failed: "Wrong two-factor code",
  two_factor_enabled: "Two-factor sign-in turned on",
  two_factor_disabled: "Two-factor sign-in turned off",
  recovery_code_used: "Recovery code used",
  recovery_codes_regenerated: "New recovery codes made",
  password_changed: "Password changed",
  password_reset_requested: "Password reset requested",
  sessions_ended: "Other sessions ended",
  payout_destination_changed: "Payout destination changed",
  member_invited: "Team member invited",
  member_removed: "Team member removed",
  member_role_changed: "Team member's role changed",
  member_suspended: "Team member suspended",
  api_key_created: "API key created",
  api_key_revoked: "API key revoked",
};
