import * as paths from "~/utils/paths";
import type { PaymentView } from "./types";

/** The overview's URL for a view, search and page (shareable; defaults left out). */
export function paymentsHref(input: { view: PaymentView; q?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (input.view !== "all") params.set("status", input.view);
  if (input.q) params.set("q", input.q);
  if (input.page && input.page > 1) params.set("page", String(input.page));
  const query = params.toString();
  return query ? `${paths.adminPayments}?${query}` : paths.adminPayments;
}
