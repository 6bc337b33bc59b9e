/**
 * A page's server HTML in one language: the route under a root that gives the page's language, as
 * root.tsx does (issue 33), inside its layout when given (the merchant app's shell, with its error
 * boundary), rendered with React on the server.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import type { Locale } from "~/i18n/locales";
import { LocaleProvider } from "~/i18n/use-messages";

interface Page {
  /** The path pattern without its leading slash: "get-started", "merchant/payments/:id". */
  path: string;
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
  Component: ComponentType;
}

/** A layout route around the page: its path segment ("merchant"), loader, shell and boundary. */
interface Layout {
  id: string;
  path: string;
  loader?: (args: LoaderFunctionArgs) => unknown;
  Component: ComponentType;
  ErrorBoundary?: ComponentType;
}

export async function renderPage(
  page: Page,
  request: Request,
  locale: Locale,
  layout?: Layout,
): Promise<string> {
  // Remix's own arguments for our loader and action, from the router's.
  const call = <A extends LoaderFunctionArgs>(run?: (args: A) => unknown) =>
    run &&
    ((args: { request: Request; params: LoaderFunctionArgs["params"] }) =>
      run({ request: args.request, params: args.params, context: {} } as A) as Promise<Response>);
  const route = {
    id: "page",
    path: page.path,
    loader: call(page.loader),
    action: call(page.action),
    Component: page.Component,
  };
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => ({ locale }),
      children: [layout ? { ...layout, loader: call(layout.loader), children: [route] } : route],
    },
  ]);
  const context = await handler.query(request);
  if (context instanceof Response) throw context;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    createElement(
      LocaleProvider,
      { value: locale },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  ).replaceAll("<!-- -->", "");
}
