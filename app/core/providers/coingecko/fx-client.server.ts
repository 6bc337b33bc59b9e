/**
 * The USD/KES FX source CoinGecko lacks: ExchangeRate-API's open endpoint
 * `GET {base}/v6/latest/USD` -> `{"result":"success","base_code":"USD","time_last_update_unix":...,
 * "rates":{"KES":128.979169,...}}`. It publishes once a day; the rates service reuses a stored rate
 * and asks again at most hourly.
 */
import { z } from "zod";
import { decimalFromJsonNumber } from "~/core/rates/decimal";
import type { FxQuote, FxSource } from "~/core/rates/types";
import { getJson, ProviderError } from "./http.server";

export const OPEN_ER_API_BASE_URL = "https://open.er-api.com";

const latestUsd = z.object({
  result: z.literal("success"),
  base_code: z.literal("USD"),
  time_last_update_unix: z.number().int().positive(),
  rates: z.record(z.string(), z.unknown()),
});

const kesRate = z.number().finite().positive();

export interface FxClientOptions {
  baseUrl: string;
  timeoutMs: number;
  source?: string;
}

export function createFxClient(options: FxClientOptions): FxSource {
  const label = "The USD/KES FX source";
  return {
    source: options.source ?? "open-er-api",
    async fetchUsdKes(): Promise<FxQuote> {
      const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;
      const body = await getJson(new URL("v6/latest/USD", base), {
        label,
        timeoutMs: options.timeoutMs,
      });
      const parsed = latestUsd.safeParse(body);
      if (!parsed.success) {
        const errorType = (body as { "error-type"?: unknown } | null)?.["error-type"];
        throw new ProviderError(
          "invalid_response",
          `${label} sent an unexpected answer${typeof errorType === "string" ? ` (${errorType})` : ""}`,
        );
      }
      const kes = kesRate.safeParse(parsed.data.rates.KES);
      if (!kes.success)
        throw new ProviderError("invalid_response", `${label} sent no usable KES rate`);
      return {
        rate: decimalFromJsonNumber(kes.data),
        asOf: parsed.data.time_last_update_unix * 1000,
      };
    },
  };
}
