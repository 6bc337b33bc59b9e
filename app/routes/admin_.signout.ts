import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { messages } from "~/content/messages";
import { getDb } from "~/utils/db.server";
import { paths } from "~/utils/paths";
import { assertSameOrigin } from "~/utils/request.server";
import { endSession } from "~/utils/session.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const cookie = await endSession(getDb(), "operator", request);
  return redirectWithSuccess(paths.adminSignIn, messages.signedOut, {
    headers: { "Set-Cookie": cookie },
  });
}

export const loader = () => redirect(paths.admin);
