/**
 * The Developers section of the merchant app (issue 13): API keys (the index page) and webhook
 * endpoints (merchant.developers.webhooks.*), under one heading and sub-navigation. Only roles that
 * hold developers:manage open it (owner, admin, developer); every child checks it again.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, NavLink, Outlet } from "@remix-run/react";
import { Container, cx } from "~/components/ui";
import { developersMessages } from "~/i18n/catalogs/developers";
import { useMessages } from "~/i18n/use-messages";
import { requirePermission } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "developers:manage");
  return null;
}

export default function MerchantDevelopers() {
  const m = useMessages(developersMessages).section;
  const sections = [
    { label: m.apiKeys, to: paths.merchantDevelopers, end: true },
    { label: m.webhooks, to: paths.merchantWebhooks, end: false },
  ] as const;
  return (
    <Container className="max-w-5xl py-12">
      <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-3 text-slate-700">
        {m.introBefore}{" "}
        <Link to={paths.docsQuickstart} className="font-semibold text-brand-800 underline">
          {m.quickstart}
        </Link>{" "}
        {m.or}{" "}
        <Link to={paths.docs} className="font-semibold text-brand-800 underline">
          {m.docs}
        </Link>
        {m.noCode}{" "}
        <Link to={paths.merchantPaymentLinks} className="font-semibold text-brand-800 underline">
          {m.paymentLink}
        </Link>{" "}
        {m.introAfter}
      </p>
      <nav aria-label={m.title} className="mt-6 border-b border-slate-300">
        <ul className="-mb-px flex gap-6">
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.end}
                className={({ isActive }) =>
                  cx(
                    "inline-block border-b-2 px-1 pb-3 font-medium",
                    isActive
                      ? "border-brand-700 text-brand-800"
                      : "border-transparent text-slate-700 hover:border-slate-400 hover:text-ink",
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </Container>
  );
}

export const headers = privatePageHeaders;
