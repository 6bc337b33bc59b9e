/**
 * Merchant authentication: remix-auth's FormStrategy checks the credentials
 * (core/merchants/sign-in), our own SQLite session keeps the user signed in (utils/session.server),
 * and `requireMerchant` guards every merchant loader and action.
 */
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { messages } from "~/content/messages";
import {
  merchantAccount,
  signInMerchant,
  type MerchantAccount,
  type MerchantPrincipal,
} from "~/core/merchants/sign-in.server";
import { processStore } from "~/db/process.server";
import type { Store } from "~/db/store";
import { holdRefusal } from "./hold-refusal.server";
import { recordAudit } from "~/core/audit.server";
import { can, type Permission } from "~/core/accounts/permissions";
import { forbidden } from "./http";
import * as paths from "./paths";
import { assertSameOrigin, clientKey, requestOrigin } from "./request.server";
import { endSession, readSessionWith } from "./session.server";
import { redirectWithError } from "./toast.server";

export class InvalidCredentialsError extends Error {}
/**
 * Sign-in refused before any password check: too many failures ("throttled") or a full hashing
 * queue ("busy").
 */
export class ThrottledError extends Error {
  constructor(
    readonly retryAfterMs: number,
    readonly reason: "throttled" | "busy" = "throttled",
  ) {
    super(reason === "busy" ? "Sign-in queue full" : "Too many attempts");
  }
}

function formString(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export const authenticator = new Authenticator<MerchantPrincipal>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const result = await signInMerchant(processStore(), {
      merchantId: formString(form, "merchantId"),
      username: formString(form, "username"),
      password: formString(form, "password"),
      clientKey: clientKey(request),
      origin: requestOrigin(request),
    });
    if (result.ok) return result.principal;
    if (result.reason === "throttled" || result.reason === "busy") {
      // A client that has been failing waits for its refusal (core/sign-in-guard).
      await holdRefusal(result.holdMs);
      throw new ThrottledError(result.retryAfterMs, result.reason);
    }
    throw new InvalidCredentialsError("Invalid credentials");
  }),
  "merchant",
);

export type SignedInMerchant = MerchantAccount & {
  expiresAt: number;
  /** When this session last proved a second factor, or the password without one (step-up). */
  steppedUpAt: number | null;
};

/**
 * The signed-in merchant user, or a redirect: to /merchant-signin (with redirectTo) when there is
 * no session, and with the "Session Expired" toast when it has (nearly) run out. Non-GET requests
 * must come from our own origin.
 */
export function requireMerchant(
  request: Request,
  store: Store = processStore(),
): Promise<SignedInMerchant> {
  // The app's layout and its page both ask for the merchant of one request: read the session once.
  if (store !== processStore()) return readMerchant(request, store);
  let pending = merchantOfRequest.get(request);
  if (!pending) {
    pending = readMerchant(request, store);
    merchantOfRequest.set(request, pending);
  }
  return pending;
}

/** Pages a member who must set up two-factor sign-in may still open. */
const TWO_FACTOR_SET_UP_PATHS = new Set<string>([paths.merchantTwoFactor, paths.merchantSignOut]);

/** One answer per Request object (Remix hands the same one to every loader of a request). */
const merchantOfRequest = new WeakMap<Request, Promise<SignedInMerchant>>();

async function readMerchant(request: Request, store: Store): Promise<SignedInMerchant> {
  assertSameOrigin(request);
  // The session and its account in one read.
  const state = await readSessionWith(store, "merchant", request, async (q, session) =>
    session.merchantUserId ? merchantAccount(q, session.merchantUserId) : undefined,
  );
  const url = new URL(request.url);
  if (state.status === "expired") {
    throw await redirectWithError(paths.merchantSignIn, messages.sessionExpired, {
      headers: { "Set-Cookie": await endSession(store, "merchant", request) },
    });
  }
  const account = state.status === "active" ? state.with : undefined;
  if (
    state.status !== "active" ||
    !account ||
    account.status !== "active" ||
    account.memberStatus !== "active"
  ) {
    const redirectTo = url.pathname + url.search;
    throw redirect(paths.merchantSignInWith({ redirectTo }), {
      headers: { "Set-Cookie": await endSession(store, "merchant", request) },
    });
  }
  // Password checked, second factor not yet: this session opens only the second step.
  if (state.session.pendingSecondFactor) throw redirect(paths.merchantSignInVerify);
  // The business asks every member for a second factor: set it up before anything else.
  if (
    account.requireTwoFactor &&
    account.totpEnabledAt === null &&
    !TWO_FACTOR_SET_UP_PATHS.has(url.pathname)
  )
    throw redirect(paths.merchantTwoFactor);
  return {
    ...account,
    expiresAt: state.session.expiresAt,
    steppedUpAt: state.session.steppedUpAt,
  };
}

/**
 * The signed-in member, when their role holds `permission` (core/accounts/permissions.ts); else a
 * 403 page, and the refusal is audited. The one check every merchant loader and action makes.
 */
export async function requirePermission(
  request: Request,
  permission: Permission,
  store: Store = processStore(),
): Promise<SignedInMerchant> {
  const merchant = await requireMerchant(request, store);
  if (can(merchant.role, permission)) return merchant;
  await store.write(async (q) => {
    await recordAudit(q, {
      actorType: "merchant_user",
      actorId: merchant.userId,
      action: "permission.denied",
      targetType: "merchant",
      targetId: merchant.merchantId,
      details: { permission, role: merchant.role, method: request.method, path: pathOf(request) },
    });
  });
  throw forbidden(messages.forbiddenForRole);
}

const pathOf = (request: Request) => new URL(request.url).pathname;

/** How recently a sensitive action needs a fresh second factor (or password). */
export const STEP_UP_WINDOW_MS = 5 * 60_000;

/**
 * For sensitive actions (payout destination, team changes, API keys, approving payouts): the
 * member must have confirmed their second factor (or password, without one) in the last five
 * minutes; otherwise they are sent to confirm it and come back to `returnTo` (default: this page).
 */
export function requireRecentStepUp(
  request: Request,
  merchant: SignedInMerchant,
  returnTo = pathOf(request),
  now = Date.now(),
): void {
  if (merchant.steppedUpAt !== null && now - merchant.steppedUpAt <= STEP_UP_WINDOW_MS) return;
  throw redirect(paths.merchantConfirmWith({ redirectTo: returnTo }));
}
