/**
 * Two-factor sign-in switched on straight in the database, for tests of pages behind the operator
 * guard (two-factor sign-in is mandatory for operators, issue 12). Returns the TOTP secret.
 */
import { eq } from "drizzle-orm";
import { merchantUsers, operators } from "../../drizzle/schema";
import { newTotpSecret, sealSecret } from "~/core/accounts/totp.server";
import type { Db } from "~/db/sqlite-connection.server";
import { totpSealingKey } from "~/utils/two-factor-key.server";

export function turnOnTwoFactorForTest(
  db: Db,
  subject: { operatorId: string } | { merchantUserId: string },
  secret = newTotpSecret(),
  now = Date.now(),
): string {
  const values = { totpSecret: sealSecret(secret, totpSealingKey()), totpEnabledAt: now };
  if ("operatorId" in subject)
    db.update(operators).set(values).where(eq(operators.id, subject.operatorId)).run();
  else
    db.update(merchantUsers).set(values).where(eq(merchantUsers.id, subject.merchantUserId)).run();
  return secret;
}
