import * as paths from "~/utils/paths";
import type { FindingFilter } from "./schema";

/** The page's URL for a filter and a run (shareable; the defaults left out). */
export function reconciliationHref(input: { status?: FindingFilter; run?: string | null }): string {
  const params = new URLSearchParams();
  if (input.status && input.status !== "all") params.set("status", input.status);
  if (input.run) params.set("run", input.run);
  const query = params.toString();
  return query ? `${paths.adminReconciliation}?${query}` : paths.adminReconciliation;
}
