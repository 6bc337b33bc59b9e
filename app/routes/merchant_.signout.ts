/** Sign Out (POST only): delete the session row and the cookie, say "Signed Out", go home. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { messages } from "~/content/messages";
import * as paths from "~/utils/paths";
import { assertSameOrigin } from "~/utils/request.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { sessions } from "~/wiring/sessions.server";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const cookie = await sessions().end("merchant", request);
  return redirectWithSuccess(paths.home, messages.signedOut, { headers: { "Set-Cookie": cookie } });
}

export const loader = () => redirect(paths.merchantDashboard);
