/**
 * The Developers section of the merchant app (issue 13): API keys (the index page) and webhook
 * endpoints (merchant.developers.webhooks.*), under one heading and sub-navigation. Only roles that
 * hold developers:manage open it (owner, admin, developer); every child checks it again.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, NavLink, Outlet } from "@remix-run/react";
import { Container, cx } from "~/components/ui";
import { requirePermission } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "developers:manage");
  return null;
}

const sections = [
  { label: "API keys", to: paths.merchantDevelopers, end: true },
  { label: "Webhooks", to: paths.merchantWebhooks, end: false },
] as const;

export default function MerchantDevelopers() {
  return (
    <Container className="max-w-5xl py-12">
      <h1 className="text-3xl font-bold text-ink">Developers</h1>
      <p className="mt-3 text-slate-700">
        Connect your shop or system to OneHop: API keys for your server, webhooks to hear about
        payments as they happen. Start with the{" "}
        <Link to={paths.docsQuickstart} className="font-semibold text-brand-800 underline">
          five-minute quickstart
        </Link>{" "}
        or the{" "}
        <Link to={paths.docs} className="font-semibold text-brand-800 underline">
          API documentation
        </Link>
        . No code? A{" "}
        <Link to={paths.merchantPaymentLinks} className="font-semibold text-brand-800 underline">
          payment link
        </Link>{" "}
        gives you a copy-paste Pay with OneHop button for any website.
      </p>
      <nav aria-label="Developers" className="mt-6 border-b border-slate-300">
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
