/**
 * Test money for the test helpers (issue 32): `POST /test_helpers/balance/fund` credits a
 * merchant's available balance in the TEST book, from the test book's capital (owner funding that
 * exists only in the test book), as one balanced ledger transaction. Never the live book: the
 * accounts come from `ledgerBook("test")` whatever the caller says.
 */
import { keyInBook, ledgerBook, postTransaction } from "~/core/ledger/ledger.server";
import type { Handle, Store } from "~/db/store";

/** The ledger kind of a test funding (a statement shows it as an adjustment). */
export const TEST_FUNDING_KIND = "test.balance_funded";

/** The most one funding may credit: KES 10,000,000. */
export const TEST_FUNDING_MAX_CENTS = 1_000_000_000n;

/**
 * Credit `amountCents` to the merchant's available test balance. `key` makes it idempotent (the
 * request's Idempotency-Key, or a fresh id): the same key posts once. `inTransaction` runs in the
 * same write, after the posting.
 */
export async function fundTestBalance(
  store: Store,
  input: { merchantId: string; amountCents: bigint; key: string; now: number },
  inTransaction?: (q: Handle) => Promise<void>,
): Promise<void> {
  const { merchantId, amountCents, key, now } = input;
  if (amountCents <= 0n || amountCents > TEST_FUNDING_MAX_CENTS)
    throw new RangeError("A test funding is from 1 cent to KES 10,000,000");
  const book = ledgerBook("test");
  await store.write(async (q) => {
    await postTransaction(
      q,
      {
        idempotencyKey: keyInBook("test", `test-helpers:fund:${merchantId}:${key}`),
        kind: TEST_FUNDING_KIND,
        description: "Test balance funded (test helper)",
        reference: { type: "test_funding", id: key.slice(0, 200) },
        entries: [
          { account: book.capital("KES"), amount: amountCents },
          { account: book.merchantAvailable(merchantId), amount: -amountCents },
        ],
        now,
      },
      store,
    );
    await inTransaction?.(q);
  });
}
