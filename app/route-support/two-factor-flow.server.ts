/**
 * What the two-factor pages share (the second sign-in step for merchants and operators, step-up,
 * the set-up pages): who the pending session belongs to, and the words for a refused code.
 */
import { type twoFactorRefusalMessages, twoFactorText } from "~/content/two-factor";
import type { AccountSubject } from "~/core/accounts/security-events.server";
import type { PasswordConfirmation, SecondFactorResult } from "~/core/accounts/two-factor.server";
import { describeWait } from "~/core/rate-limit.server";
import type { SessionKind } from "~/utils/session.server";
import type { Translation } from "~/i18n/messages";
import { sessions } from "~/wiring/sessions.server";

export type SessionStage =
  | { stage: "none" }
  | { stage: "pending"; subject: AccountSubject }
  | { stage: "full"; subject: AccountSubject };

/** Where this browser's session of `kind` stands: none, waiting for the second factor, or full. */
export async function sessionStage(kind: SessionKind, request: Request): Promise<SessionStage> {
  const state = await sessions().read(kind, request);
  if (state.status !== "active") return { stage: "none" };
  const { merchantUserId, operatorId, pendingSecondFactor } = state.session;
  const subject: AccountSubject | null = merchantUserId
    ? { type: "merchant_user", id: merchantUserId }
    : operatorId
      ? { type: "operator", id: operatorId }
      : null;
  if (!subject) return { stage: "none" };
  return pendingSecondFactor ? { stage: "pending", subject } : { stage: "full", subject };
}

type Refused = Exclude<SecondFactorResult | PasswordConfirmation, { ok: true }>;

/** The message for a refused code or password (shown under the field, in the server's HTML). */
export function refusalMessage(
  result: Refused,
  asked: "code" | "password" = "code",
  text: Translation<(typeof twoFactorRefusalMessages)["en"]> = twoFactorText.refusal,
  wait: (ms: number) => string = describeWait,
): string {
  switch (result.reason) {
    case "format":
      return text.format;
    case "replayed":
      return text.replayed;
    case "used":
      return text.used;
    case "not_enabled":
      return text.notEnabled;
    case "throttled":
      return text.throttled(wait(result.retryAfterMs));
    case "busy":
      return text.busy;
    case "wrong":
      return asked === "password" ? text.wrongPassword : text.wrong;
  }
}

/** The HTTP status of a refusal: 429 when throttled or busy, else 401. */
export const refusalStatus = (result: Refused) =>
  result.reason === "throttled" || result.reason === "busy" ? 429 : 401;
