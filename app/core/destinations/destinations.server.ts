/**
 * A merchant's settlement destinations (issue 14, item 5): several, on any rail, one default,
 * optional split shares. Only an owner changes them (the route checks the permission and a recent
 * step-up); adding one also asks for the password again (throttled like sign-in), is audited, and
 * e-mails the merchant's contact address with the destination masked.
 *
 * A new destination is verified before any payout goes there (`verification.server.ts`): the rail
 * returns the registered name and the owner confirms it. A destination added when the merchant
 * already has one also waits out the cooling-off period (config, default 24 h) from when it was
 * added, so that a stolen session cannot redirect money before the merchant can react.
 *
 * On the store (ADR 0041): the owner's changes are each one `store.write` (its checks read through
 * `forUpdate`); the reads run in the caller's transaction given its handle, or in a read of their
 * own given the store.
 */
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { merchants, merchantUsers, settlementDestinations } from "../../../drizzle/schema";
import { recordSecurityEvent } from "~/core/accounts/security-events.server";
import { recordAudit, recordMemberAudit } from "~/core/audit.server";
import { queueEmail } from "~/core/email.server";
import { readableCode } from "~/core/ids.server";
import { verifyAgainstDummy, verifyPassword } from "~/core/passwords.server";
import type { Limit } from "~/core/rate-limit.server";
import { guardedPasswordCheck } from "~/core/sign-in-guard.server";
import { first } from "~/db/sql";
import { type Handle, readOn, type Store, isStore } from "~/db/store";
import { memberEmailMessages } from "~/i18n/catalogs/member-emails";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { formatEatDateTime } from "~/utils/format";
import { destinationLabel, heldDestinationNotice, maskedDestinationLabel } from "./display";
import type { DestinationAddress } from "./schema";
import type { DestinationStatus } from "./vocabulary";

/**
 * The language of an e-mail to the business's contact address (issue 33): that of an active owner
 * reached there (their own address is it, or they have none), else English.
 */
async function contactLanguage(
  q: Handle,
  merchantId: string,
  contactEmail: string,
): Promise<Locale> {
  const owners = await q
    .select({ email: merchantUsers.email, locale: merchantUsers.locale })
    .from(merchantUsers)
    .where(
      and(
        eq(merchantUsers.merchantId, merchantId),
        eq(merchantUsers.role, "owner"),
        eq(merchantUsers.status, "active"),
      ),
    );
  const reached = owners.filter(
    (owner) => !owner.email || owner.email.toLowerCase() === contactEmail.toLowerCase(),
  );
  return reached.find((owner) => owner.locale)?.locale ?? DEFAULT_LOCALE;
}

export type Destination = typeof settlementDestinations.$inferSelect;

/** Wrong passwords on the destination form, per member: the same rule as sign-in's per account. */
export const DESTINATION_PASSWORD_LIMIT = {
  limit: 5,
  windowMs: 15 * 60_000,
} as const satisfies Limit;
/** Wrong passwords on the destination form from one client address, whatever the member. */
export const DESTINATION_CLIENT_LIMIT = {
  limit: 20,
  windowMs: 15 * 60_000,
} as const satisfies Limit;

/** At most this many destinations (not removed) per merchant. */
export const MAX_DESTINATIONS = 10;

/** Destinations that are, or may become, usable. */
const LIVE_STATUSES: DestinationStatus[] = ["verifying", "confirm_name", "verified"];

export const newDestinationId = () => `dst_${readableCode(12).toLowerCase()}`;

const notRemovedOf = (merchantId: string) =>
  and(
    eq(settlementDestinations.merchantId, merchantId),
    ne(settlementDestinations.status, "removed"),
  );
const defaultFirst = [
  desc(settlementDestinations.isDefault),
  asc(settlementDestinations.createdAt),
];
const destinationOf = (merchantId: string, destinationId: string) =>
  and(
    eq(settlementDestinations.id, destinationId),
    eq(settlementDestinations.merchantId, merchantId),
  );
const verifiedDefaultOf = (merchantId: string) =>
  and(
    eq(settlementDestinations.merchantId, merchantId),
    eq(settlementDestinations.isDefault, true),
    eq(settlementDestinations.status, "verified"),
  );

/** The merchant's destinations, not removed: the default first, then oldest first. */
export function listDestinations(on: Handle | Store, merchantId: string): Promise<Destination[]> {
  return readOn(on, (q) =>
    q
      .select()
      .from(settlementDestinations)
      .where(notRemovedOf(merchantId))
      .orderBy(...defaultFirst),
  );
}

/** A destination of the merchant's (removed ones too), or undefined. */
export function getDestination(
  on: Handle | Store,
  merchantId: string,
  destinationId: string,
): Promise<Destination | undefined> {
  return readOn(on, (q) =>
    first(
      q
        .select()
        .from(settlementDestinations)
        .where(destinationOf(merchantId, destinationId))
        .limit(1),
    ),
  );
}

/** The default destination, if it is verified (held or not). */
export function defaultDestination(
  on: Handle | Store,
  merchantId: string,
): Promise<Destination | undefined> {
  return readOn(on, (q) =>
    first(q.select().from(settlementDestinations).where(verifiedDefaultOf(merchantId)).limit(1)),
  );
}

/** Whether the merchant lets settlements fail over to another verified destination. */
export async function failoverAllowed(on: Handle | Store, merchantId: string): Promise<boolean> {
  const row = await readOn(on, (q) =>
    first(
      q
        .select({ failover: merchants.settlementFailover })
        .from(merchants)
        .where(eq(merchants.id, merchantId))
        .limit(1),
    ),
  );
  return row?.failover ?? false;
}

/** The merchant's destinations (the API's list), in one read. */
export const readDestinations = (store: Store, merchantId: string) =>
  listDestinations(store, merchantId);

/** A destination of the merchant's, in one read. */
export const readDestination = (store: Store, merchantId: string, destinationId: string) =>
  getDestination(store, merchantId, destinationId);

/** The settlement settings page: the destinations, the default's summary, failover, in one read. */
export function destinationSettings(store: Store, merchantId: string, now: number) {
  return store.read(async (q) => ({
    destinations: await listDestinations(q, merchantId),
    summary: summaryOf(await defaultDestination(q, merchantId), now),
    failover: await failoverAllowed(q, merchantId),
  }));
}

/** Held (cooling-off) until then, or null when payouts may go now. */
export const heldUntilOf = (destination: Pick<Destination, "heldUntil">, now: number) =>
  destination.heldUntil !== null && destination.heldUntil > now ? destination.heldUntil : null;

/** Verified and not held: payouts may go there now. */
export const isUsable = (destination: Destination, now: number) =>
  destination.status === "verified" && heldUntilOf(destination, now) === null;

const sameAddress = (a: DestinationAddress, b: Destination) =>
  a.rail === b.rail &&
  (a.rail === "pesalink"
    ? a.bankCode === b.bankCode && a.accountNumber === b.accountNumber
    : a.phone === b.phone);

/** A new row for `address`: not default, no split, nothing verified unless `fields` say so. */
function destinationRow(
  merchantId: string,
  address: DestinationAddress,
  now: number,
  fields: Partial<Destination> & Pick<Destination, "status">,
): Destination {
  const bank = address.rail === "pesalink" ? address : null;
  return {
    id: newDestinationId(),
    merchantId,
    rail: address.rail,
    phone: address.rail === "pesalink" ? null : address.phone,
    bankCode: bank?.bankCode ?? null,
    accountNumber: bank?.accountNumber ?? null,
    accountName: bank?.accountName ?? null,
    registeredName: null,
    failureReason: null,
    verificationTransferId: null,
    isDefault: false,
    splitPercent: null,
    heldUntil: null,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
    verifiedAt: null,
    removedAt: null,
    ...fields,
  };
}

export type AddDestinationResult =
  | { ok: true; destination: Destination }
  | { ok: false; reason: "wrong_password" }
  | { ok: false; reason: "duplicate" | "too_many" }
  | { ok: false; reason: "throttled" | "busy"; retryAfterMs: number };

/**
 * Add a destination (already checked by `addDestinationSchema`) after checking `password` against
 * the member's own. The check runs before the write (scrypt is not held inside a transaction); the
 * insert, the audit entry, the e-mail and the security event are one `store.write`, whose checks
 * (duplicate, how many, cooling-off) read the merchant's destinations through `forUpdate`. The
 * caller then starts its verification.
 */
export async function addDestination(
  store: Store,
  input: {
    merchantId: string;
    userId: string;
    password: string;
    address: DestinationAddress;
    clientKey: string;
  },
  options: { coolingOffHours: number; now: number },
): Promise<AddDestinationResult> {
  const { now } = options;
  const user = await store.read((q) =>
    first(
      q
        .select({ passwordHash: merchantUsers.passwordHash })
        .from(merchantUsers)
        .where(eq(merchantUsers.id, input.userId))
        .limit(1),
    ),
  );
  // Counted before the hash, in the bounded hashing queue: the same order as sign-in.
  const checked = await guardedPasswordCheck(
    store,
    {
      account: { key: `settlement-destination:${input.userId}`, rule: DESTINATION_PASSWORD_LIMIT },
      client: { key: `settlement-destination:${input.clientKey}`, rule: DESTINATION_CLIENT_LIMIT },
    },
    (verify) =>
      input.password !== "" && user?.passwordHash
        ? verifyPassword(input.password, user.passwordHash, verify)
        : verifyAgainstDummy(input.password, verify),
    now,
  );
  if (checked.outcome === "throttled" || checked.outcome === "busy")
    return { ok: false, reason: checked.outcome, retryAfterMs: checked.retryAfterMs };
  if (checked.outcome === "invalid") return { ok: false, reason: "wrong_password" };

  return store.write(async (q): Promise<AddDestinationResult> => {
    const merchant = await first(
      q.select().from(merchants).where(eq(merchants.id, input.merchantId)).limit(1),
    );
    if (!merchant) throw new Error(`Merchant ${input.merchantId} not found`);
    const existing = await store.forUpdate(
      q
        .select()
        .from(settlementDestinations)
        .where(notRemovedOf(merchant.id))
        .orderBy(...defaultFirst),
    );
    const active = existing.filter((d) => LIVE_STATUSES.includes(d.status));
    if (active.some((d) => sameAddress(input.address, d)))
      return { ok: false, reason: "duplicate" };
    if (existing.length >= MAX_DESTINATIONS) return { ok: false, reason: "too_many" };
    // The first destination is not held: there is nothing to redirect yet.
    const heldUntil =
      active.length > 0 && options.coolingOffHours > 0
        ? now + options.coolingOffHours * 3_600_000
        : null;
    const destination = destinationRow(merchant.id, input.address, now, {
      status: "verifying",
      heldUntil,
      createdBy: input.userId,
    });
    await q.insert(settlementDestinations).values(destination);
    const masked = maskedDestinationLabel(destination);
    await recordAudit(
      q,
      {
        actorType: "merchant_user",
        actorId: input.userId,
        action: "settlement.destination_added",
        targetType: "merchant",
        targetId: merchant.id,
        details: { destinationId: destination.id, destination: masked, heldUntil },
      },
      now,
    );
    const locale = await contactLanguage(q, merchant.id, merchant.contactEmail);
    const m = inLocale(memberEmailMessages, locale);
    await queueEmail(
      q,
      {
        to: merchant.contactEmail,
        subject: m.destinationAdded.subject,
        text: [
          m.helloName(merchant.businessName),
          "",
          m.destinationAdded.added(masked, formatEatDateTime(now, locale)),
          m.destinationAdded.checked,
          heldUntil ? m.destinationAdded.held(formatEatDateTime(heldUntil, locale)) : "",
          "",
          m.destinationAdded.notYou,
        ]
          .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
          .join("\n"),
      },
      now,
    );
    await recordSecurityEvent(
      q,
      {
        subject: { type: "merchant_user", id: input.userId },
        type: "payout_destination_changed",
        details: { to: masked, contactNotified: merchant.contactEmail },
      },
      now,
    );
    return { ok: true, destination };
  });
}

export type DestinationChange =
  | { ok: true; destination: Destination }
  | { ok: false; reason: "not_found" | "wrong_state" | "is_default" | "not_verified" };

/**
 * The owner's answer about the registered name the rail returned: theirs (the destination is
 * verified, and becomes the default when there is none) or not (it fails and is never paid).
 */
export function answerRegisteredName(
  store: Store,
  actor: { merchantId: string; userId: string },
  destinationId: string,
  accepted: boolean,
  now: number,
): Promise<DestinationChange> {
  return store.write(async (q): Promise<DestinationChange> => {
    const destination = await lockedDestination(store, q, actor.merchantId, destinationId);
    if (!destination) return { ok: false, reason: "not_found" };
    if (destination.status !== "confirm_name") return { ok: false, reason: "wrong_state" };
    const becomesDefault =
      accepted &&
      !(await first(
        store.forUpdate(
          q
            .select()
            .from(settlementDestinations)
            .where(verifiedDefaultOf(actor.merchantId))
            .limit(1),
        ),
      ));
    const changes = accepted
      ? { status: "verified" as const, verifiedAt: now, isDefault: becomesDefault }
      : {
          status: "failed" as const,
          failureReason: "You did not recognise the registered name, so nothing will be paid there",
        };
    await q
      .update(settlementDestinations)
      .set({ ...changes, updatedAt: now })
      .where(
        and(
          eq(settlementDestinations.id, destination.id),
          eq(settlementDestinations.status, "confirm_name"),
        ),
      );
    await recordMemberAudit(
      q,
      actor,
      accepted ? "settlement.destination_confirmed" : "settlement.destination_name_rejected",
      { destinationId, registeredName: destination.registeredName, madeDefault: becomesDefault },
      now,
    );
    return { ok: true, destination: { ...destination, ...changes, updatedAt: now } };
  });
}

/** Make a verified destination the default (the one settlements go to without a split). */
export function makeDefaultDestination(
  store: Store,
  actor: { merchantId: string; userId: string },
  destinationId: string,
  now: number,
): Promise<DestinationChange> {
  return store.write(async (q): Promise<DestinationChange> => {
    const destination = await lockedDestination(store, q, actor.merchantId, destinationId);
    if (!destination || destination.status === "removed") return { ok: false, reason: "not_found" };
    if (destination.status !== "verified") return { ok: false, reason: "not_verified" };
    if (destination.isDefault) return { ok: true, destination };
    await q
      .update(settlementDestinations)
      .set({ isDefault: false, updatedAt: now })
      .where(
        and(
          eq(settlementDestinations.merchantId, actor.merchantId),
          eq(settlementDestinations.isDefault, true),
        ),
      );
    await q
      .update(settlementDestinations)
      .set({ isDefault: true, updatedAt: now })
      .where(eq(settlementDestinations.id, destination.id));
    await recordMemberAudit(q, actor, "settlement.destination_default", { destinationId }, now);
    return { ok: true, destination: { ...destination, isDefault: true } };
  });
}

/**
 * Remove a destination. Not the default while another verified destination could take its place
 * (the owner makes that one the default first); its split share goes with it, so the split ends.
 */
export function removeDestination(
  store: Store,
  actor: { merchantId: string; userId: string },
  destinationId: string,
  now: number,
): Promise<DestinationChange> {
  return store.write(async (q): Promise<DestinationChange> => {
    const destination = await lockedDestination(store, q, actor.merchantId, destinationId);
    if (!destination || destination.status === "removed") return { ok: false, reason: "not_found" };
    const others = (
      await store.forUpdate(
        q
          .select()
          .from(settlementDestinations)
          .where(notRemovedOf(actor.merchantId))
          .orderBy(...defaultFirst),
      )
    ).filter((d) => d.id !== destination.id && d.status === "verified");
    if (destination.isDefault && others.length > 0) return { ok: false, reason: "is_default" };
    await q
      .update(settlementDestinations)
      .set({ status: "removed", isDefault: false, removedAt: now, updatedAt: now })
      .where(eq(settlementDestinations.id, destination.id));
    if (destination.splitPercent !== null) await clearSplits(q, actor.merchantId, now);
    await recordMemberAudit(
      q,
      actor,
      "settlement.destination_removed",
      { destinationId, destination: maskedDestinationLabel(destination) },
      now,
    );
    return { ok: true, destination: { ...destination, status: "removed" } };
  });
}

async function clearSplits(q: Handle, merchantId: string, now: number) {
  await q
    .update(settlementDestinations)
    .set({ splitPercent: null, updatedAt: now })
    .where(eq(settlementDestinations.merchantId, merchantId));
}

/** A destination of the merchant's, read for a change (`forUpdate`) inside `q`'s write. */
function lockedDestination(store: Store, q: Handle, merchantId: string, destinationId: string) {
  return first(
    store.forUpdate(
      q
        .select()
        .from(settlementDestinations)
        .where(destinationOf(merchantId, destinationId))
        .limit(1),
    ),
  );
}

export type SplitResult = { ok: true } | { ok: false; reason: "not_verified" };

/**
 * Set the split shares (whole percent adding up to 100, or none) and whether settlements may fail
 * over to another verified destination. Only verified destinations take a share.
 */
export function setSplitRules(
  store: Store,
  actor: { merchantId: string; userId: string },
  shares: ReadonlyMap<string, number>,
  failover: boolean,
  now: number,
): Promise<SplitResult> {
  return store.write(async (q): Promise<SplitResult> => {
    const ids = [...shares.keys()];
    if (ids.length > 0) {
      const verified = await store.forUpdate(
        q
          .select({ id: settlementDestinations.id })
          .from(settlementDestinations)
          .where(
            and(
              eq(settlementDestinations.merchantId, actor.merchantId),
              eq(settlementDestinations.status, "verified"),
              inArray(settlementDestinations.id, ids),
            ),
          ),
      );
      if (verified.length !== ids.length) return { ok: false, reason: "not_verified" };
    }
    await clearSplits(q, actor.merchantId, now);
    for (const [id, percent] of shares)
      await q
        .update(settlementDestinations)
        .set({ splitPercent: percent })
        .where(eq(settlementDestinations.id, id));
    await q
      .update(merchants)
      .set({ settlementFailover: failover })
      .where(eq(merchants.id, actor.merchantId));
    await recordMemberAudit(
      q,
      actor,
      "settlement.split_rules",
      { shares: Object.fromEntries(shares), failover },
      now,
    );
    return { ok: true };
  });
}

type VerifiedExtra = Partial<Pick<Destination, "registeredName" | "heldUntil" | "splitPercent">>;

/** The row of a destination made verified directly (`insertVerifiedDestination`). */
export function verifiedDestinationRow(
  merchantId: string,
  address: DestinationAddress,
  now: number,
  isDefault: boolean,
  extra: VerifiedExtra = {},
): Destination {
  return destinationRow(merchantId, address, now, {
    status: "verified",
    isDefault,
    verifiedAt: now,
    registeredName: extra.registeredName ?? null,
    splitPercent: extra.splitPercent ?? null,
    heldUntil: extra.heldUntil ?? null,
  });
}

/**
 * A verified destination made directly (seeding, tests, operators' migrations): the default when
 * the merchant has none. Not for members' changes (those go through `addDestination`). In the
 * caller's write `q`, or, given the store, in a write of its own.
 */
export async function insertVerifiedDestination(
  on: Handle | Store,
  merchantId: string,
  address: DestinationAddress,
  now: number,
  extra: VerifiedExtra = {},
): Promise<Destination> {
  if (isStore(on))
    return on.write((q) => insertVerifiedDestination(q, merchantId, address, now, extra));
  const hasDefault = await first(
    on
      .select({ one: sql`1` })
      .from(settlementDestinations)
      .where(
        and(
          eq(settlementDestinations.merchantId, merchantId),
          eq(settlementDestinations.isDefault, true),
          ne(settlementDestinations.status, "removed"),
        ),
      )
      .limit(1),
  );
  const destination = verifiedDestinationRow(merchantId, address, now, !hasDefault, extra);
  await on.insert(settlementDestinations).values(destination);
  return destination;
}

export interface DestinationSummary {
  /** Where settlements go by default ("M-Pesa +254 712 345 678"), or null when nowhere yet. */
  label: string | null;
  /** Set while the default destination waits out its cooling-off period. */
  heldUntil: number | null;
  /** "Payouts to M-Pesa +254 7•• ••• 678 start after …", while held. */
  notice: string | null;
}

/** The default destination for the dashboard and the payment pages. */
export async function settlementDestinationSummary(
  on: Handle | Store,
  merchantId: string,
  now: number,
): Promise<DestinationSummary> {
  return summaryOf(await defaultDestination(on, merchantId), now);
}

function summaryOf(destination: Destination | undefined, now: number): DestinationSummary {
  if (!destination) return { label: null, heldUntil: null, notice: null };
  const heldUntil = heldUntilOf(destination, now);
  return {
    label: destinationLabel(destination),
    heldUntil,
    notice: heldUntil
      ? heldDestinationNotice(maskedDestinationLabel(destination), heldUntil)
      : null,
  };
}
