/**
 * Flash messages (toasts). remix-toast 1.2 with its own signed cookie session storage, separate from
 * the auth session (see stack-notes). The root loader reads the flash once; sonner shows it with
 * JavaScript and the server renders the same text in a status region without it.
 */
import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { env } from "./env.server";

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "onehop_flash",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.COOKIE_SECURE,
    secrets: [env.SESSION_SECRET],
  },
});

export const {
  getToast,
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
} = createToastUtilsWithCustomSession(toastStorage);

export type { Flash } from "~/components/layout/Flash";
