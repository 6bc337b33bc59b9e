/**
 * The second sign-in step (issue 12): after the password, a member with two-factor sign-in types
 * the code from their authenticator app or a recovery code. The pending session opens nothing else;
 * a correct code replaces it with a full one (new id, stepped up now) and goes on to `redirectTo`.
 */

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SecondStepPage } from "~/components/accounts/SecondStepPage";
import * as paths from "~/utils/paths";
import { privatePageHeadersWithRetryAfter } from "~/utils/request.server";
import { secondStepAction, secondStepLoader } from "~/route-support/second-step.server";
import { seo } from "~/utils/seo";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { useMessages } from "~/i18n/use-messages";

export const loader = ({ request }: LoaderFunctionArgs) => secondStepLoader("merchant", request);

export const action = ({ request }: ActionFunctionArgs) => secondStepAction("merchant", request);

export default function MerchantSignInVerify() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const m = useMessages(signInMessages).secondStep;
  return (
    <SecondStepPage
      id="merchant-signin-verify"
      redirectTo={redirectTo}
      signOut={paths.merchantSignOut}
      intro={m.intro}
      m={m}
    />
  );
}

export const headers = privatePageHeadersWithRetryAfter;

export const meta: MetaFunction = ({ matches }) => {
  const m = inLocale(signInMessages, matchesLocale(matches)).meta;
  return seo(matches, {
    title: m.verifyTitle,
    description: m.verifyDescription,
    path: paths.merchantSignInVerify,
    noindex: true,
  });
};
