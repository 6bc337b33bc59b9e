/**
 * The payout rails beyond M-Pesa in the running app (issue 14, ADR 0029): Airtel Money, PesaLink
 * and T-Kash (through an aggregator, ADR 0030). With PROVIDER_MODE=live each rail runs when its
 * settings are set (`AIRTEL_*`, `PESALINK_*`, `TKASH_*`, all or none: env.server.ts), test mode's
 * sandbox of it when its `TEST_` settings are; a rail without settings is absent from the
 * runtime's PayoutRails, and its transfers stay pending. In simulator mode every rail runs on its
 * local simulator (./simulators/rails.server.ts, imported only then: this module loads no
 * simulator). Their callbacks come to /webhooks/airtel, /webhooks/pesalink and /webhooks/tkash
 * (./rail-callbacks.server.ts), verified with the keys of the runtime that sent them.
 */
import type { ApiMode } from "~/core/api/vocabulary";
import type { CallbackRail, RailCallbackKeys } from "~/core/payments/rail-results.server";
import { createAirtelClient } from "~/core/providers/airtel/client.server";
import { createPesalinkClient } from "~/core/providers/pesalink/client.server";
import { createTkashClient } from "~/core/providers/tkash/client.server";
import { airtelRail } from "~/core/rails/airtel.server";
import { pesalinkRail } from "~/core/rails/pesalink.server";
import { tkashRail } from "~/core/rails/tkash.server";
import { railsOverview } from "~/core/rails/overview.server";
import type { PayoutRails, RailId } from "~/core/rails/types";
import type { RailBalanceClients } from "~/core/reconciliation/run.server";
import {
  env,
  railConfigured,
  type ConfigurableRail,
  type RailSettingName,
} from "~/utils/env.server";
import { store } from "./store.server";

/** The rails of one set of providers, and what verifies their callbacks. */
export interface RailClients {
  rails: PayoutRails;
  railCallbacks: RailCallbackKeys;
  /** Their balance calls, for the daily reconciliation (ADR 0036). */
  railBalances?: RailBalanceClients;
}

/** Where each rail calls us back, at `origin` (Airtel's is set in its portal to the same URL). */
export function railCallbackUrls(origin: string) {
  return {
    "airtel-money": `${origin}/webhooks/airtel`,
    pesalink: `${origin}/webhooks/pesalink`,
    "t-kash": `${origin}/webhooks/tkash`,
  } as const satisfies Record<CallbackRail, string>;
}

/** The rails whose settings of `mode` ("live": the providers, "test": their sandboxes) are set. */
export function configuredRails(mode: ApiMode): ConfigurableRail[] {
  return (["airtel-money", "pesalink", "t-kash"] as const).filter((rail) =>
    railConfigured(env, rail, mode),
  );
}

/**
 * The configured rails' clients on the providers (`mode` "live") or their sandboxes ("test"), with
 * the callback keys. Boot's config step has checked each rail's settings are all set or none.
 */
export function providerRails(mode: ApiMode, origin: string): RailClients {
  const setting = (name: RailSettingName): string => {
    const key = mode === "test" ? (`TEST_${name}` as const) : name;
    const value = env[key];
    if (typeof value !== "string" || value === "") throw new Error(`${key} is required`);
    return value;
  };
  const urls = railCallbackUrls(origin);
  const rails: PayoutRails = {};
  const railCallbacks: RailCallbackKeys = {};
  const railBalances: RailBalanceClients = {};
  const configured = configuredRails(mode);
  if (configured.includes("airtel-money")) {
    rails["airtel-money"] = airtelRail(
      (railBalances["airtel-money"] = createAirtelClient({
        baseUrl: setting("AIRTEL_BASE_URL"),
        clientId: setting("AIRTEL_CLIENT_ID"),
        clientSecret: setting("AIRTEL_CLIENT_SECRET"),
        pin: { pin: setting("AIRTEL_PIN"), publicKey: setting("AIRTEL_PIN_PUBLIC_KEY") },
        timeoutMs: env.RAIL_TIMEOUT_MS,
      })),
    );
    railCallbacks["airtel-money"] = { callbackSecret: setting("AIRTEL_CALLBACK_SECRET") };
  }
  if (configured.includes("pesalink")) {
    const source = {
      accountNumber: setting("PESALINK_SOURCE_ACCOUNT_NUMBER"),
      name: setting("PESALINK_SOURCE_NAME"),
    };
    rails.pesalink = pesalinkRail(
      (railBalances.pesalink = createPesalinkClient({
        baseUrl: setting("PESALINK_BASE_URL"),
        apiKey: setting("PESALINK_API_KEY"),
        merchantCode: setting("PESALINK_MERCHANT_CODE"),
        consumerSecret: setting("PESALINK_CONSUMER_SECRET"),
        privateKey: setting("PESALINK_PRIVATE_KEY_PEM"),
        sourceAccountNumber: source.accountNumber,
        sourceName: source.name,
        timeoutMs: env.RAIL_TIMEOUT_MS,
      })),
      source,
    );
    railCallbacks.pesalink = { bankPublicKey: setting("PESALINK_BANK_PUBLIC_KEY_PEM") };
  }
  if (configured.includes("t-kash")) {
    rails["t-kash"] = tkashRail(
      (railBalances["t-kash"] = createTkashClient({
        baseUrl: setting("TKASH_BASE_URL"),
        apiKey: setting("TKASH_API_KEY"),
        apiSecret: setting("TKASH_API_SECRET"),
        callbackUrl: urls["t-kash"],
        timeoutMs: env.RAIL_TIMEOUT_MS,
      })),
    );
    railCallbacks["t-kash"] = { apiSecret: setting("TKASH_API_SECRET") };
  }
  return { rails, railCallbacks, railBalances };
}

/** The operators' view of the rails (/admin/rails) on the process's store. */
export const railsOverviewAt = (configured: readonly RailId[], now: number) =>
  railsOverview(store(), configured, now);
