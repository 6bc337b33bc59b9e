import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { messages } from "~/content/messages";
import * as paths from "~/utils/paths";
import { assertSameOrigin } from "~/utils/request.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { sessions } from "~/wiring/sessions.server";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const cookie = await sessions().end("operator", request);
  return redirectWithSuccess(paths.adminSignIn, messages.signedOut, {
    headers: { "Set-Cookie": cookie },
  });
}

export const loader = () => redirect(paths.admin);
