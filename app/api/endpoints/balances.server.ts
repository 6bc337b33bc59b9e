/** `/balances` and `/rates`: what the merchant is owed, and today's rates. */
import { kesDecimal } from "~/core/api/payment-object";
import { merchantBalances, type MerchantBalances } from "~/core/ledger/read.server";
import { balanceSchema, ratesSchema } from "../schemas.server";
import { defineRoute } from "../types.server";

const minor = (cents: bigint) => Number(cents);

/** The balance object (`GET /balances`, and the test helpers' funding answer). */
export function balanceObject(balances: MerchantBalances, live: boolean) {
  return {
    object: "balance",
    livemode: live,
    currency: "KES",
    available: minor(balances.available),
    available_decimal: kesDecimal(balances.available),
    pending: minor(balances.pending),
    pending_decimal: kesDecimal(balances.pending),
    in_flight: minor(balances.inFlight),
    in_flight_decimal: kesDecimal(balances.inFlight),
  };
}

export const balanceRoutes = [
  defineRoute({
    method: "GET",
    path: "/balances",
    scope: "balances:read",
    doc: {
      operationId: "getBalance",
      tag: "Balances",
      summary: "Retrieve the balance",
      description:
        "KES owed to you: `available` (converted, waiting for settlement), `pending` (held: review, waiting for the next day's M-Pesa limit), `in_flight` (sent to your rail, not yet confirmed).",
      response: { status: 200, description: "The balance.", schema: balanceSchema },
      errors: [401, 403, 429],
    },
    async handle(context) {
      const { merchantId, mode } = context.key;
      // The ledger book of the key's mode: a test key sees test money, never live money.
      const balances = await merchantBalances(context.store, merchantId, mode);
      return { status: 200, body: balanceObject(balances, mode === "live") };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/rates",
    scope: "payments:read",
    doc: {
      operationId: "listRates",
      tag: "Rates",
      summary: "List rates",
      description:
        "KES per whole coin for each asset, as our quotes use them (a payment's quote adds `spread_bps`). Only `live` rates are quoted: with a `stale` or `fallback` rate, creating a payment answers 503.",
      response: { status: 200, description: "The rates.", schema: ratesSchema },
      errors: [401, 403, 429],
    },
    handle(context) {
      const spreadBps = context.deps.payments().config.spreadBps;
      return {
        status: 200,
        body: {
          object: "list",
          data: context.deps.rates().rates.map((rate) => ({
            asset: rate.symbol,
            rate: rate.priceKes,
            kind: rate.kind,
            source: rate.source,
            as_of: rate.asOf === null ? null : new Date(rate.asOf).toISOString(),
            spread_bps: spreadBps,
          })),
        },
      };
    },
  }),
];
