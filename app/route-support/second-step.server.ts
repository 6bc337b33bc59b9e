/**
 * The second sign-in step, shared by merchant members (/merchant-signin/verify) and operators
 * (/admin/signin/verify): after the password, the code from the authenticator app or a recovery
 * code. The pending session opens nothing else; a correct code replaces it with a full one (new
 * id, stepped up now) and goes on to `redirectTo`.
 */
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { twoFactorRefusalMessages } from "~/content/two-factor";
import { secondFactorSchemaFor } from "~/core/accounts/two-factor-schema";
import { waitMinutes } from "~/core/rate-limit.server";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import * as paths from "~/utils/paths";
import {
  assertSameOrigin,
  clientKey,
  requestOrigin,
  retryAfterHeader,
  safeRedirectPath,
} from "~/utils/request.server";
import type { SessionKind } from "~/utils/session.server";
import { refusalMessage, refusalStatus, sessionStage } from "./two-factor-flow.server";
import { totpSealingKey } from "~/utils/two-factor-key.server";
import { sessions } from "~/wiring/sessions.server";
import { twoFactor } from "~/wiring/sign-in.server";

export type SecondStepActionData = { lastResult: SubmissionResult<string[]> };

/** Where each kind of account starts and signs in. */
const places: Record<
  SessionKind,
  { home: string; signIn: string; signInWith: (query: { redirectTo: string }) => string }
> = {
  merchant: {
    home: paths.merchantDashboard,
    signIn: paths.merchantSignIn,
    signInWith: paths.merchantSignInWith,
  },
  operator: { home: paths.admin, signIn: paths.adminSignIn, signInWith: paths.adminSignInWith },
};

export async function secondStepLoader(kind: SessionKind, request: Request) {
  const { home, signInWith } = places[kind];
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), home);
  const session = await sessionStage(kind, request);
  if (session.stage === "full") throw redirect(redirectTo);
  if (session.stage === "none") throw redirect(signInWith({ redirectTo }));
  return { redirectTo };
}

export async function secondStepAction(kind: SessionKind, request: Request) {
  assertSameOrigin(request);
  const session = await sessionStage(kind, request);
  if (session.stage !== "pending") throw redirect(places[kind].signIn);
  // The merchant's step answers in the request's language; the operator console stays English.
  const locale = kind === "merchant" ? requestLocale(request) : "en";
  const m = inLocale(signInMessages, locale);
  const submission = parseWithZod(await request.formData(), {
    schema: secondFactorSchemaFor(m.secondStep),
  });
  if (submission.status !== "success") {
    return data<SecondStepActionData>(
      { lastResult: submission.reply({ hideFields: ["code"] }) },
      400,
    );
  }
  const result = await twoFactor().checkSecondFactor(totpSealingKey(), session.subject, {
    code: submission.value.code,
    clientKey: clientKey(request),
    origin: requestOrigin(request),
    purpose: "sign_in",
  });
  if (!result.ok) {
    return data<SecondStepActionData>(
      {
        lastResult: submission.reply({
          fieldErrors: {
            code: [
              refusalMessage(result, "code", inLocale(twoFactorRefusalMessages, locale), (ms) =>
                m.minutes(waitMinutes(ms)),
              ),
            ],
          },
          hideFields: ["code"],
        }),
      },
      {
        status: refusalStatus(result),
        headers: result.reason === "throttled" ? retryAfterHeader(result.retryAfterMs) : undefined,
      },
    );
  }
  const cookie = await sessions().completeSecondFactor(kind, request);
  return redirect(safeRedirectPath(submission.value.redirectTo, places[kind].home), {
    headers: { "Set-Cookie": cookie },
  });
}
