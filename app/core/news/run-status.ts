/**
 * What an ingest run's feeds add up to: its status and, for a partial run, the failing feeds
 * named. Isomorphic (the admin page's last-run panel uses the same wording).
 */
import type { FeedOutcome } from "./types";

/**
 * A run's status from its feeds' outcomes: "failed" when every feed failed, "partial" when some
 * did (the others were read and curated), "succeeded" when none did. Not modified is not a failure.
 */
export function runStatusOf(
  outcomes: readonly Pick<FeedOutcome, "outcome">[],
): "succeeded" | "partial" | "failed" {
  const failed = outcomes.filter((outcome) => outcome.outcome === "failed").length;
  if (failed === 0) return "succeeded";
  return failed === outcomes.length ? "failed" : "partial";
}

/** Why one feed failed, in a few words: "HTTP 404", "Timed out after 300 ms". */
export function feedFailureReason(outcome: Pick<FeedOutcome, "httpStatus" | "error">): string {
  return outcome.error ?? (outcome.httpStatus ? `HTTP ${outcome.httpStatus}` : "No answer");
}

/**
 * The note a partial run stores: "6 of 10 feeds failed: Bitcoin Magazine (HTTP 404), …".
 */
export function failedFeedsMessage(outcomes: readonly FeedOutcome[]): string {
  const failed = outcomes.filter((outcome) => outcome.outcome === "failed");
  const names = failed
    .map((outcome) => `${outcome.feedName} (${feedFailureReason(outcome).slice(0, 120)})`)
    .join(", ");
  return `${failed.length} of ${outcomes.length} feeds failed: ${names}.`;
}
