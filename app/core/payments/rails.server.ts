/**
 * The payout rails of one set of provider clients (issue 14, item 1): M-Pesa B2C on its Daraja
 * client always, and the other rails (Airtel Money, T-Kash, PesaLink) where they are configured.
 */
import { mpesaRail } from "~/core/rails/mpesa.server";
import type { PayoutRails } from "~/core/rails/types";
import type { PaymentsDeps } from "./deps";

const built = new WeakMap<object, PayoutRails>();

/** The rails of `deps`, built once per set of clients. */
export function payoutRailsOf(deps: Pick<PaymentsDeps, "payouts" | "rails" | "b2b">): PayoutRails {
  let rails = built.get(deps);
  if (!rails) {
    rails = { mpesa: mpesaRail(deps.payouts, deps.b2b), ...deps.rails };
    built.set(deps, rails);
  }
  return rails;
}
