/**
 * The one place merchant payment reads are split by mode (issue 13): test payments (made with a
 * test API key) never count in live figures, lists or exports, and live ones never show in test
 * view. Every merchant read of `payments` takes its condition from here (core/payments/reads).
 */
import { and, eq, type Placeholder, type SQL } from "drizzle-orm";
import { payments } from "../../../drizzle/schema";
import type { ApiMode } from "./vocabulary";

/**
 * Payments of `merchantId` in `mode`, as a drizzle condition. Either may be a placeholder for a
 * prepared statement (`sql.placeholder("merchantId")`).
 */
export function paymentsInMode(merchantId: string | Placeholder, mode: ApiMode | Placeholder): SQL {
  return and(eq(payments.merchantId, merchantId), eq(payments.mode, mode))!;
}
