/**
 * The operators' view of the payout rails (issue 14, item 6): for each rail, whether it runs here,
 * its health (health.server.ts), its free float and what is in flight in the live ledger, and
 * today's volume (EAT day) of live transfers on it.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { payments, settlementTransfers } from "../../../drizzle/schema";
import { ledgerBook, normalBalance } from "~/core/ledger/ledger.server";
import { eatDay } from "~/core/payments/settlement-plan";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";
import { railHealthOn, type RailHealth } from "./health.server";
import { railProfiles } from "./profiles";
import { railIds, type RailId } from "./types";

const railNames: Record<RailId, string> = {
  mpesa: railProfiles.mpesa.name,
  "airtel-money": "Airtel Money",
  "t-kash": "T-Kash",
  pesalink: "PesaLink",
};

export interface RailOverview {
  rail: RailId;
  name: string;
  /** Its client runs in this process (M-Pesa always; the others when configured). */
  configured: boolean;
  health: RailHealth;
  floatKesCents: bigint;
  inFlightKesCents: bigint;
  today: { transfers: number; amountKesCents: bigint };
}

/** Live transfers only: test payments' transfers never reach a live rail's float or volume. */
const liveTransfer = sql`coalesce((select ${payments.mode} from ${payments} where ${payments.id} = ${settlementTransfers.paymentId}), 'live') = 'live'`;

export function railsOverview(
  store: Store,
  configured: readonly RailId[],
  now: number,
): Promise<RailOverview[]> {
  const live = ledgerBook("live");
  const today = eatDay(now);
  return store.read(async (q) => {
    const overview: RailOverview[] = [];
    for (const rail of railIds) {
      const volume = (await first(
        q
          .select({
            transfers: sql<number>`count(*)`,
            amount: sql<string>`coalesce(sum(${settlementTransfers.amountKesCents}), 0)`,
          })
          .from(settlementTransfers)
          .where(
            and(
              eq(settlementTransfers.rail, rail as typeof settlementTransfers.$inferSelect.rail),
              eq(settlementTransfers.settlementDay, today),
              inArray(settlementTransfers.status, ["pending", "sent", "succeeded"]),
              liveTransfer,
            ),
          )
          .limit(1),
      ))!;
      overview.push({
        rail,
        name: railNames[rail],
        configured: configured.includes(rail),
        health: await railHealthOn(q, rail, now),
        floatKesCents: await normalBalance(q, live.railFloat(rail)),
        inFlightKesCents: await normalBalance(q, live.railInFlight(rail)),
        today: { transfers: Number(volume.transfers), amountKesCents: BigInt(volume.amount) },
      });
    }
    return overview;
  });
}
