/**
 * Flash messages (toasts). remix-toast 1.2 with its own signed cookie session storage, separate
 * from the auth session (see stack-notes). The root loader reads the flash once; sonner shows it
 * with JavaScript and the server renders the same text in a status region without it.
 */
import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { cookieNames } from "./cookie-names";
import { env } from "./env.server";

/** The flash cookie's name: a request that carries it may not be answered from the page cache. */
export const FLASH_COOKIE_NAME = cookieNames.flash;

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: FLASH_COOKIE_NAME,
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.COOKIE_SECURE,
    secrets: [env.SESSION_SECRET],
  },
});

const toastUtils = createToastUtilsWithCustomSession(toastStorage);

/**
 * The request's flash, if any, and the headers that clear it. Without the flash cookie there is
 * nothing to read: answer at once instead of parsing and re-signing an empty session (the root
 * loader runs this on every page).
 */
export function getToast(request: Request): ReturnType<typeof toastUtils.getToast> {
  if (!hasCookie(request.headers.get("Cookie"), FLASH_COOKIE_NAME))
    return Promise.resolve({ toast: undefined, headers: new Headers() });
  return toastUtils.getToast(request);
}

function hasCookie(header: string | null, name: string): boolean {
  return (header ?? "").split(";").some((part) => part.split("=", 1)[0]?.trim() === name);
}

export const {
  redirectWithSuccess,
  redirectWithError,
  redirectWithInfo,
  redirectWithWarning,
  redirectWithToast,
  jsonWithSuccess,
  jsonWithError,
  jsonWithInfo,
  jsonWithWarning,
  jsonWithToast,
} = toastUtils;

export type { Flash } from "~/components/layout/Flash";

/**
 * A form posted without JavaScript renders its answer in the same response, so a flash set by the
 * action is not in the request the root loader read. Take it out of the response's Set-Cookie (and
 * clear it), so the page shows it now and not again on the next page.
 */
export async function takeFlashFromResponse(responseHeaders: Headers) {
  const cookies = responseHeaders.getSetCookie();
  const flashCookie = cookies.find((cookie) => cookie.startsWith(`${FLASH_COOKIE_NAME}=`));
  if (!flashCookie) return undefined;
  const value = flashCookie.split(";")[0]!;
  const { toast, headers } = await getToast(
    new Request("http://localhost/", { headers: { Cookie: value } }),
  );
  responseHeaders.delete("Set-Cookie");
  for (const cookie of cookies)
    if (cookie !== flashCookie) responseHeaders.append("Set-Cookie", cookie);
  const clear = headers.get("Set-Cookie");
  if (clear) responseHeaders.append("Set-Cookie", clear);
  return toast;
}
