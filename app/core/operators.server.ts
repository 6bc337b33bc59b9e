/**
 * Operators (admin, reviewer, curator): accounts, credential checks with throttling, and the first
 * admin from the environment or `npm run operator:create`. Never a hard-coded password.
 */
import { eq, inArray } from "drizzle-orm";
import { operators } from "../../drizzle/schema";
import type { OperatorRole } from "~/core/operator-roles";
import { recordSecurityEvent, type RequestOrigin } from "~/core/accounts/security-events.server";
import { recordAudit } from "~/core/audit.server";
import { newId } from "~/core/ids.server";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "~/core/passwords.server";
import { guardedPasswordCheck } from "~/core/sign-in-guard.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";

export type { OperatorRole };

export interface Operator {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  /** When the operator confirmed two-factor sign-in; null until then (mandatory for operators). */
  totpEnabledAt: number | null;
}

/** Which roles may do what. `admin` may do everything. */
export function hasRole(
  operator: Pick<Operator, "role">,
  allowed: readonly OperatorRole[],
): boolean {
  return operator.role === "admin" || allowed.includes(operator.role);
}

export async function createOperator(
  store: Store,
  input: { email: string; name: string; role: OperatorRole; password: string },
  now = Date.now(),
): Promise<Operator> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const id = newId("op");
  await store.write(async (q) => {
    await q.insert(operators).values({
      id,
      email,
      name: input.name.trim(),
      role: input.role,
      passwordHash,
      createdAt: now,
    });
    await recordAudit(
      q,
      {
        actorType: "system",
        action: "operator.created",
        targetType: "operator",
        targetId: id,
        details: { email, role: input.role },
      },
      now,
    );
  });
  return { id, email, name: input.name.trim(), role: input.role, totpEnabledAt: null };
}

export function findOperatorByEmail(store: Store, email: string) {
  return store.read((q) =>
    first(
      q.select().from(operators).where(eq(operators.email, email.trim().toLowerCase())).limit(1),
    ),
  );
}

/**
 * Operators' names and e-mails by id, disabled ones too (the audit log names whoever acted then).
 * An id with no operator is absent from the map.
 */
export async function operatorNames(
  store: Store,
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await store.read((q) =>
    q
      .select({ id: operators.id, name: operators.name, email: operators.email })
      .from(operators)
      .where(inArray(operators.id, wanted)),
  );
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

/** The operator (not disabled), in the caller's transaction (the operator guard's read). */
export async function readOperator(q: Handle, id: string): Promise<Operator | undefined> {
  return operatorOf(await first(q.select().from(operators).where(eq(operators.id, id)).limit(1)));
}

function operatorOf(row: typeof operators.$inferSelect | undefined): Operator | undefined {
  if (!row || row.disabled) return undefined;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    totpEnabledAt: row.totpEnabledAt,
  };
}

/** Create the first admin from configuration if no operator with that e-mail exists. */
export async function ensureBootstrapAdmin(
  store: Store,
  config: { email?: string; password?: string; name: string },
): Promise<"created" | "exists" | "not-configured"> {
  if (!config.email || !config.password) return "not-configured";
  if (await findOperatorByEmail(store, config.email)) return "exists";
  await createOperator(store, {
    email: config.email,
    name: config.name,
    role: "admin",
    password: config.password,
  });
  return "created";
}

export const OPERATOR_SIGN_IN_LIMIT = { limit: 5, windowMs: 15 * 60_000 } as const;

export type OperatorSignIn =
  | { ok: true; operator: Operator }
  | { ok: false; reason: "invalid" }
  /** `holdMs`: how long to hold the refusal before answering (core/sign-in-guard). */
  | { ok: false; reason: "throttled" | "busy"; retryAfterMs: number; holdMs: number };

export async function signInOperator(
  store: Store,
  input: { email: string; password: string; clientKey: string; origin?: RequestOrigin },
  now = Date.now(),
): Promise<OperatorSignIn> {
  const email = input.email.trim().toLowerCase();
  const row = await store.read((q) =>
    first(q.select().from(operators).where(eq(operators.email, email)).limit(1)),
  );
  // Counted before hashing; a full hashing queue is "busy" (core/sign-in-guard).
  const checked = await guardedPasswordCheck(
    store,
    {
      // Per account AND address: other addresses' failures never refuse this one (issue 27).
      account: {
        key: `signin:operator:${email}:from:${input.clientKey}`,
        rule: OPERATOR_SIGN_IN_LIMIT,
      },
      client: { key: `signin:operator-client:${input.clientKey}`, rule: OPERATOR_SIGN_IN_LIMIT },
    },
    (options) =>
      row && !row.disabled
        ? verifyPassword(input.password, row.passwordHash, options)
        : verifyAgainstDummy(input.password, options),
    now,
  );
  if (checked.outcome === "throttled" || checked.outcome === "busy")
    return {
      ok: false,
      reason: checked.outcome,
      retryAfterMs: checked.retryAfterMs,
      holdMs: checked.holdMs,
    };
  if (checked.outcome === "invalid" || !row) {
    if (row)
      await store.write(async (q) => {
        await recordSecurityEvent(
          q,
          {
            subject: { type: "operator", id: row.id },
            type: "sign_in_failed",
            origin: input.origin,
          },
          now,
        );
      });
    return { ok: false, reason: "invalid" };
  }
  // With two-factor sign-in, "signed in" is recorded when the second step succeeds.
  if (row.totpEnabledAt === null)
    await store.write(async (q) => {
      await recordSecurityEvent(
        q,
        { subject: { type: "operator", id: row.id }, type: "sign_in", origin: input.origin },
        now,
      );
    });
  return {
    ok: true,
    operator: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      totpEnabledAt: row.totpEnabledAt,
    },
  };
}
