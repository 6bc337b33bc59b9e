/**
 * Seed data for a fresh machine (run by `npm start` through scripts/db-setup.ts). Idempotent: each
 * step says what it did. Demo accounts only when DEMO_SEED is on (the default for local runs).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { merchants, merchantUsers } from "../drizzle/schema";
import { teamRoleInfo, type TeamRole } from "../app/core/accounts/permissions";
import { DEFAULT_PAYOUT_APPROVAL_ABOVE_KES } from "../app/core/disbursements/settings.server";
import {
  createOperator,
  ensureBootstrapAdmin,
  findOperatorByEmail,
} from "../app/core/operators.server";
import { hashPassword } from "../app/core/passwords.server";
import { insertVerifiedDestination } from "../app/core/destinations/destinations.server";
import type { Handle, Store } from "../app/db/store";
import { seedNews } from "./seed-news";
import { env } from "../app/utils/env.server";

/**
 * The demo merchant printed by `npm start`. Local demo data only: never in a production database.
 */
export const DEMO_MERCHANT = {
  merchantId: "MRC-K3NYA2",
  username: "demo",
  password: "onehop-demo-2024",
  businessName: "Savannah Coffee Roasters",
  contactEmail: "payments@savannahcoffee.example",
} as const;

export async function seedDemoMerchant(store: Store, now = Date.now()): Promise<string> {
  const exists = async (q: Handle) =>
    (
      await q
        .select({ id: merchants.id })
        .from(merchants)
        .where(eq(merchants.id, DEMO_MERCHANT.merchantId))
        .limit(1)
    ).length > 0;
  if (!(await store.read(exists))) {
    // Hashed outside the write (a write holds the database while it runs), which checks again: a
    // second process seeding the same PostgreSQL database at once may have added it meanwhile.
    const passwordHash = await hashPassword(DEMO_MERCHANT.password);
    await store.write(async (q) => {
      if (await exists(q)) return;
      await q.insert(merchants).values({
        id: DEMO_MERCHANT.merchantId,
        businessName: DEMO_MERCHANT.businessName,
        contactEmail: DEMO_MERCHANT.contactEmail,
        payoutApprovalAboveKes: DEFAULT_PAYOUT_APPROVAL_ABOVE_KES,
        createdAt: now,
      });
      await q.insert(merchantUsers).values({
        id: "usr_demo",
        merchantId: DEMO_MERCHANT.merchantId,
        username: DEMO_MERCHANT.username,
        role: "owner",
        email: DEMO_MERCHANT.contactEmail,
        passwordHash,
        passwordSetAt: now,
        createdAt: now,
      });
      // Paid to this M-Pesa number: already verified, the default.
      await insertVerifiedDestination(
        q,
        DEMO_MERCHANT.merchantId,
        { rail: "mpesa", phone: "+254712345678" },
        now,
        { registeredName: "DEMO TRADERS" },
      );
    });
  }
  return `demo merchant: Merchant ID ${DEMO_MERCHANT.merchantId}, Username ${DEMO_MERCHANT.username}, Password ${DEMO_MERCHANT.password} (http://localhost:${env.PORT}/merchant-signin)`;
}

/**
 * One member of each other role on the demo merchant (issue 27, item 14), with the demo password,
 * so every role can be tried without inviting anyone. Each is added when missing (an older demo
 * database gains them); a member an owner changed is left as it is.
 */
export const DEMO_TEAM = [
  { username: "demo-admin", role: "admin" },
  { username: "demo-finance", role: "finance" },
  { username: "demo-developer", role: "developer" },
  { username: "demo-cashier", role: "cashier" },
  { username: "demo-viewer", role: "viewer" },
] as const satisfies readonly { username: string; role: TeamRole }[];

export async function seedDemoTeam(store: Store, now = Date.now()): Promise<string> {
  for (const member of DEMO_TEAM) {
    const exists = await store.read(async (q) => {
      const [row] = await q
        .select({ id: merchantUsers.id })
        .from(merchantUsers)
        .where(
          and(
            eq(merchantUsers.merchantId, DEMO_MERCHANT.merchantId),
            eq(merchantUsers.username, member.username),
          ),
        )
        .limit(1);
      return row !== undefined;
    });
    if (exists) continue;
    const passwordHash = await hashPassword(DEMO_MERCHANT.password);
    await store.write(async (q) => {
      await q
        .insert(merchantUsers)
        .values({
          id: `usr_${member.username.replace("-", "_")}`,
          merchantId: DEMO_MERCHANT.merchantId,
          username: member.username,
          role: member.role,
          email: `${member.username}@savannahcoffee.example`,
          passwordHash,
          passwordSetAt: now,
          invitedBy: "usr_demo",
          createdAt: now,
        })
        .onConflictDoNothing();
    });
  }
  const team = DEMO_TEAM.map((m) => `${m.username} (${teamRoleInfo[m.role].label})`).join(", ");
  return `demo team of ${DEMO_MERCHANT.merchantId}, each with Password ${DEMO_MERCHANT.password}: ${team}`;
}

/**
 * A local demo operator (admin) with a random password generated once and kept in
 * DATA_DIR/demo-operator.txt, so the review flow can be tried on a fresh machine.
 */
export async function seedDemoOperator(store: Store): Promise<string> {
  const email = "admin@onehop.local";
  const file = path.join(env.DATA_DIR, "demo-operator.txt");
  if (!(await findOperatorByEmail(store, email))) {
    const password = randomBytes(9).toString("base64url");
    await createOperator(store, { email, name: "Demo Admin", role: "admin", password });
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, `${email}\n${password}\n`, { mode: 0o600 });
  }
  const [, password] = existsSync(file) ? readFileSync(file, "utf8").split("\n") : [];
  return `demo operator: ${email}, Password ${password ?? "(see " + file + ")"} (http://localhost:${env.PORT}/admin/signin)`;
}

export async function seed(store: Store): Promise<string[]> {
  const report: string[] = [];
  report.push(...(await seedNews(store)));
  if (env.DEMO_SEED)
    report.push(
      await seedDemoMerchant(store),
      await seedDemoTeam(store),
      await seedDemoOperator(store),
    );
  const admin = await ensureBootstrapAdmin(store, {
    email: env.OPERATOR_BOOTSTRAP_EMAIL,
    password: env.OPERATOR_BOOTSTRAP_PASSWORD,
    name: env.OPERATOR_BOOTSTRAP_NAME,
  });
  if (admin === "created") report.push(`operator admin created: ${env.OPERATOR_BOOTSTRAP_EMAIL}`);
  if (admin === "not-configured" && !env.DEMO_SEED) {
    report.push("no operator from OPERATOR_BOOTSTRAP_*: create one with `npm run operator:create`");
  }
  return report;
}
