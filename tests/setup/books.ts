/** What the books must show in tests: a trial balance of zero in every currency. */
import { type Currency, currencies } from "~/core/ledger/ledger.server";

export const ZERO_TRIAL_BALANCE = Object.fromEntries(
  currencies.map((currency) => [currency, 0n]),
) as Record<Currency, bigint>;
