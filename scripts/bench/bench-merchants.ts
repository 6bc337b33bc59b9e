/**
 * `tsx scripts/bench/bench-merchants.ts N` (the server rows, scripts/bench/server-engines.ts): a
 * live API key (payments read and write) for each of N merchants, one per line on stdout, the demo
 * merchant's first; merchants 2…N (MRC-BNCH02…) are added as the demo one is: an owner and a
 * verified M-Pesa number to be paid to. On the database of DATABASE_URL, set up beforehand.
 */
import { merchants, merchantUsers } from "../../drizzle/schema";
import { createKeyFromCommandLine } from "../../app/core/api/key-management.server";
import { insertVerifiedDestination } from "../../app/core/destinations/destinations.server";
import { DEFAULT_PAYOUT_APPROVAL_ABOVE_KES } from "../../app/core/disbursements/settings.server";
import { onDatabase } from "../on-database";
import { DEMO_MERCHANT } from "../seed";

const count = Number(process.argv[2] ?? "1");
if (!Number.isInteger(count) || count < 1 || count > 30) {
  console.error("usage: tsx scripts/bench/bench-merchants.ts N (1 to 30)");
  process.exit(2);
}

/** MRC-BNCH02…MRC-BNCH30 (digits 2-9, then letters: the merchant ID alphabet). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const merchantIds = [
  DEMO_MERCHANT.merchantId,
  ...Array.from(
    { length: count - 1 },
    (_, i) => `MRC-BNCH${ALPHABET[Math.floor(i / 30)]}${ALPHABET[i % 30]}`,
  ),
];

const secrets = await onDatabase(async (store) => {
  const now = Date.now();
  const made: string[] = [];
  for (const [index, id] of merchantIds.entries()) {
    if (index > 0)
      await store.write(async (q) => {
        await q.insert(merchants).values({
          id,
          businessName: `Bench merchant ${index + 1}`,
          contactEmail: `bench${index + 1}@onehop.example`,
          payoutApprovalAboveKes: DEFAULT_PAYOUT_APPROVAL_ABOVE_KES,
          createdAt: now,
        });
        await q.insert(merchantUsers).values({
          id: `usr_bench${index + 1}`,
          merchantId: id,
          username: `bench${index + 1}`,
          role: "owner",
          email: `bench${index + 1}@onehop.example`,
          // Never signs in: the bench uses its API key.
          passwordHash: "x",
          passwordSetAt: now,
          createdAt: now,
        });
        await insertVerifiedDestination(
          q,
          id,
          { rail: "mpesa", phone: `+2547123456${String(index).padStart(2, "0")}` },
          now,
          { registeredName: `BENCH TRADER ${index + 1}` },
        );
      });
    const key = await createKeyFromCommandLine(store, id, {
      name: "bench",
      mode: "live",
      scopes: ["payments:read", "payments:write"],
      expiresAt: null,
    });
    if (!key.ok) throw new Error(`no key for ${id}: ${key.reason}`);
    made.push(key.secret);
  }
  return made;
});
console.log(secrets.join("\n"));
