/**
 * The operators' second sign-in step (issue 12): after the password, an operator types
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

export const loader = ({ request }: LoaderFunctionArgs) => secondStepLoader("operator", request);

export const action = ({ request }: ActionFunctionArgs) => secondStepAction("operator", request);

export default function AdminSignInVerify() {
  const { redirectTo } = useLoaderData<typeof loader>();
  return (
    <SecondStepPage
      id="admin-signin-verify"
      redirectTo={redirectTo}
      signOut={paths.adminSignOut}
      intro="Open your authenticator app and enter the 6-digit code for the OneHop console. Lost your phone? Enter one of your recovery codes instead."
    />
  );
}

export const headers = privatePageHeadersWithRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Two-Factor Sign In",
    description: "OneHop operator console.",
    path: paths.adminSignInVerify,
    noindex: true,
  });
