import {
  data,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import {
  type MetaFunction,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { FlashBanner, ToastHost } from "~/components/layout/Flash";
import { Footer } from "~/components/layout/Footer";
import { Header } from "~/components/layout/Header";
import { AccessDenied, NotFound } from "~/components/layout/StatusPages";
import { Ticker } from "~/components/layout/Ticker";
import { buttonClass, Container } from "~/components/ui";
import { company } from "~/content/company";
import { headerMessages, statusMessages } from "~/i18n/catalogs/shell";
import { DEFAULT_LOCALE, HTML_LANG, isLocale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { pageLocale } from "~/i18n/negotiate";
import { LocaleProvider, useMessages } from "~/i18n/use-messages";
import { publicEnv } from "~/utils/env.server";
import { eatYear } from "~/utils/format";
import { PRIVATE_NO_STORE } from "~/utils/http";
import { useNonce, usePendingFlash } from "~/utils/nonce";
import { resolveHandle } from "~/utils/route-handle";
import { getToast } from "~/utils/toast.server";
import { sessions } from "~/wiring/sessions.server";
import stylesheet from "./tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

/** Sections with their own shell: their pages do not show the public header. */
const APP_SECTIONS = /^\/(merchant|admin|pay|simulator)(\/|$)/;

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers: toastHeaders } = await getToast(request);
  const headers = new Headers();
  // getToast always answers with a Set-Cookie; only a real flash may make the response private.
  if (toast) {
    const cookie = toastHeaders.get("Set-Cookie");
    if (cookie) headers.set("Set-Cookie", cookie);
    headers.set("Cache-Control", PRIVATE_NO_STORE);
  }
  // A signed-in merchant sees "Dashboard" in the public header: that page is theirs alone
  // (docs/decisions/0023-signed-in-public-header.md).
  const publicPage = !APP_SECTIONS.test(new URL(request.url).pathname);
  const signedIn = publicPage && (await sessions().hasMerchantSession(request));
  if (signedIn) headers.set("Cache-Control", PRIVATE_NO_STORE);
  // The footer's copyright year: this year in Nairobi when the page is rendered (sent with the
  // data so the browser shows the server's year, even across midnight on 31 December).
  const year = eatYear(Date.now());
  // The page's language (issue 33): the switch's cookie, else the browser's Accept-Language.
  const locale = pageLocale(request);
  return data({ ENV: publicEnv(), toast: toast ?? null, signedIn, year, locale }, { headers });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const result = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) result.set("Cache-Control", cacheControl);
  return result;
};

/** Pages set their own title; this one is for error pages (the root's ErrorBoundary). */
export const meta: MetaFunction<typeof loader> = ({ error, data }) => {
  if (!error) return [];
  const m = inLocale(statusMessages, isLocale(data?.locale) ? data.locale : DEFAULT_LOCALE);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? m.notFoundTitle : m.errorTitle },
    { name: "robots", content: "noindex" },
  ];
};

/**
 * The root reads the flash cookie: re-run it after every submission and navigation (it is cheap).
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = isLocale(data?.locale) ? data.locale : DEFAULT_LOCALE;
  const m = inLocale(headerMessages, locale);
  const pendingFlash = usePendingFlash();
  const flash = data?.toast ?? pendingFlash;
  const { chrome, scripts } = resolveHandle(useMatches());
  // Until React runs, the flash is part of the page; afterwards ToastHost shows it as a toast.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const banner = hydrated ? null : <FlashBanner flash={flash} />;
  return (
    <LocaleProvider value={locale}>
      <html lang={HTML_LANG[locale]} className="h-full">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#047857" />
          <Meta />
          <Links />
        </head>
        <body className="flex min-h-full flex-col">
          <a
            href="#main"
            className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
          >
            {m.skipToContent}
          </a>
          {chrome === "public" ? (
            <>
              <Header signedIn={data?.signedIn ?? false} />
              <div className="pt-16">{banner}</div>
              <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                {children}
              </main>
              <Ticker />
              <Footer year={data?.year ?? eatYear(Date.now())} />
            </>
          ) : (
            <>
              {banner}
              {children}
            </>
          )}
          <ToastHost
            flash={flash}
            placement={chrome === "app" || chrome === "console" ? "app" : "corner"}
          />
          {scripts ? (
            <>
              <ScrollRestoration nonce={nonce} />
              <Scripts nonce={nonce} />
            </>
          ) : null}
        </body>
      </html>
    </LocaleProvider>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const { chrome } = resolveHandle(useMatches());
  // Inside a section's own shell the error was not caught by it: draw the page's landmark here.
  if (chrome !== "public") {
    return (
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <RootError />
      </main>
    );
  }
  return <RootError />;
}

function RootError() {
  const error = useRouteError();
  const m = useMessages(statusMessages);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || m.error}`
    : error instanceof Error
      ? error.message
      : m.unknownError;
  return (
    <Container className="py-24">
      <h1 className="text-3xl font-bold text-ink">{m.unexpected}</h1>
      <p className="mt-4 rounded-lg bg-red-50 p-4 font-mono text-sm text-red-900" role="alert">
        {message}
      </p>
      <p className="mt-6 text-slate-700">
        {m.tryAgainContact}{" "}
        <a
          className="font-semibold text-brand-800 underline"
          href={`mailto:${company.supportEmail}`}
        >
          {company.supportEmail}
        </a>
        .
      </p>
      <Link to="/" className={buttonClass("primary", "mt-8")}>
        {m.returnHome}
      </Link>
    </Container>
  );
}
