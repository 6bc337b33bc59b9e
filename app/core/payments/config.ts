/** Payment settings: from the environment (env.server.ts) in the app, set directly in tests. */
import { defaultNetwork, networks, type NetworkId } from "~/core/networks/networks";
import type { QuoteAsset } from "./quote";

export interface PaymentsConfig {
  /** Spread taken on the market rate, in basis points (under 100 = 1%). */
  spreadBps: number;
  /** How long a quote holds. */
  quoteTtlMs: number;
  /**
   * Confirmations at which a deposit counts, per asset on its default network (1 to 3). Other
   * networks: `networkConfirmations`, else the network's own count (core/networks, ADR 0031).
   */
  confirmations: Record<QuoteAsset, number>;
  networkConfirmations?: Partial<Record<NetworkId, number>>;
  /**
   * Fees, basis points, from app/content/tariff.ts: C2B on collections. B2C is for disbursements to
   * third parties (not built yet); settling to the merchant's own number carries only the M-Pesa
   * charge.
   */
  c2bFeeBps: number;
  b2cFeeBps: number;
  /**
   * Hours payouts to a changed payout destination wait (0 = none). The first destination is not
   * held.
   */
  payoutDestinationCoolingOffHours: number;
  /** M-Pesa limits per transfer and per day, whole KES, from app/content/tariff.ts. */
  railPerTransferKes: number;
  railDailyKes: number;
  /** Crypto limits, whole KES, from app/content/tariff.ts. */
  minimumKes: number;
  autoMaxKes: number;
  reviewMaxKes: number;
  dailyPerMerchantKes: number;
  /** Where our checkout lives, for links in e-mails and the simulator page. */
  publicSiteUrl: string;
}

/**
 * Confirmations at which a deposit of `asset` on `network` counts (ADR 0031): the configured count
 * per asset on its default network, else the configured or the network's own
 * count. The custody simulator completes deposits at the same counts.
 */
export function requiredConfirmations(
  config: Pick<PaymentsConfig, "confirmations" | "networkConfirmations">,
  asset: QuoteAsset,
  network: NetworkId,
): number {
  if (network === defaultNetwork(asset)) return config.confirmations[asset];
  return config.networkConfirmations?.[network] ?? networks[network].confirmations;
}
