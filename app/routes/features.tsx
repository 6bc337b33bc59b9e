import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CardGrid } from "~/components/marketing/CardGrid";
import { Icon } from "~/components/ui/icons";
import { MoneyFlow } from "~/components/marketing/MoneyFlow";
import { ButtonLink, PageHero, Section, textLinkClass } from "~/components/ui";
import { featuresPage } from "~/content/marketing/pages.server";
import { requestLocale } from "~/i18n/negotiate";
import { publicPageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

/**
 * The page's copy travels as loader data, in the request's language, so it is not in the page's
 * JavaScript bundle.
 */
export const loader = ({ request }: LoaderFunctionArgs) => featuresPage(requestLocale(request));

export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo(matches, {
    title: data?.featuresMeta.title ?? "Features",
    description: data?.featuresMeta.description ?? "",
    path: paths.features,
  });

export default function Features() {
  const {
    featuresClosing,
    featuresFlow,
    featuresHero,
    integrations,
    offerings,
    pricing,
    settlement,
    moneyFlow,
    settlementTimes,
  } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow={featuresHero.eyebrow} title={featuresHero.title} lead={featuresHero.lead}>
        <ButtonLink to={featuresHero.actions.primary.to}>
          {featuresHero.actions.primary.label}
        </ButtonLink>
        <ButtonLink to={featuresHero.actions.secondary.to} variant="secondary">
          {featuresHero.actions.secondary.label}
        </ButtonLink>
      </PageHero>

      <Section id="flow" title={featuresFlow.title} intro={featuresFlow.intro}>
        <MoneyFlow steps={moneyFlow.steps} label={featuresFlow.title} />
      </Section>

      <Section id="offering" title={offerings.title} intro={offerings.intro} tone="muted">
        <CardGrid items={offerings.items} />
      </Section>

      <Section id="integration" title={integrations.title} intro={integrations.intro}>
        <CardGrid items={integrations.items} />
        <p className="mt-8">
          <Link to={paths.docs} className={textLinkClass}>
            {integrations.docsLabel}
          </Link>
        </p>
      </Section>

      <Section id="pricing" title={pricing.title} intro={pricing.intro} tone="muted">
        <ul className="grid gap-6 md:grid-cols-3">
          {pricing.transactionFees.map((fee) => (
            <li
              key={fee.name}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h3 className="text-lg font-semibold text-ink">{fee.name}</h3>
              <p className="mt-3 text-4xl font-bold text-brand-800">
                {fee.value}
                <span className="ml-1 text-base font-medium text-slate-700">
                  {pricing.perTransaction}
                </span>
              </p>
              <p className="mt-3 text-slate-700">{fee.description}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-lg font-semibold text-ink">{pricing.otherFeesTitle}</h3>
          <dl className="mt-4 divide-y divide-slate-200">
            {pricing.otherFees.map((fee) => (
              <div
                key={fee.name}
                className="flex flex-col gap-1 py-3 sm:flex-row sm:justify-between"
              >
                <dt className="text-slate-700">{fee.name}</dt>
                <dd className="font-semibold text-ink">{fee.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <p className="mt-8">
          <Link to={pricing.link.to} className={textLinkClass}>
            {pricing.link.label}
          </Link>
        </p>
      </Section>

      <Section id="settlement" title={settlement.title} intro={settlement.intro}>
        <dl className="grid gap-6 sm:grid-cols-2">
          {settlementTimes.map((row) => (
            <div
              key={row.rail}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <dt className="flex items-center gap-3 font-semibold text-ink">
                <span className="shrink-0 text-brand-700">
                  <Icon name="clock" />
                </span>
                {row.rail}
              </dt>
              <dd className="mt-1 pl-9 text-slate-700">{row.time}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section
        id="get-started"
        title={featuresClosing.title}
        intro={featuresClosing.body}
        tone="dark"
      >
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={featuresClosing.actions.rates.to} variant="inverse">
            {featuresClosing.actions.rates.label}
          </ButtonLink>
          <ButtonLink to={featuresClosing.actions.integrate.to}>
            {featuresClosing.actions.integrate.label}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
