import { keepTogether } from "~/components/ui/keep-together";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CardGrid, CheckList, StepList } from "~/components/marketing/CardGrid";
import { IconBadge } from "~/components/ui/icons";
import { MoneyFlow } from "~/components/marketing/MoneyFlow";
import { useExternalUrls } from "~/components/marketing/useExternalUrls";
import {
  buttonClass,
  ButtonLink,
  ExternalLink,
  LinkLine,
  PageHero,
  Section,
  Stat,
} from "~/components/ui";
import { homePage } from "~/content/marketing/pages.server";
import { requestLocale } from "~/i18n/negotiate";
import { publicPageHeaders } from "~/utils/http";
import { seo } from "~/utils/seo";

/**
 * The page's copy travels as loader data, in the request's language, so it is not in the page's
 * JavaScript bundle.
 */
export const loader = ({ request }: LoaderFunctionArgs) => homePage(requestLocale(request));

export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo(matches, {
    // The English title is the brand and its tagline; in Kiswahili, the tagline in Kiswahili.
    title: data?.locale === "sw" ? data.homeHero.title : undefined,
    description: data?.homeMeta.description ?? "",
    path: "/",
  });

export default function Home() {
  const { demoUrl } = useExternalUrls();
  const { closingCta, featureCards, homeHero, howItWorks, moneyFlow, performance } =
    useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow={homeHero.eyebrow}
        title={keepTogether(homeHero.title)}
        lead={homeHero.lead}
      >
        <ButtonLink to={homeHero.primaryAction.to}>{homeHero.primaryAction.label}</ButtonLink>
        <ButtonLink to={homeHero.secondaryAction.to} variant="secondary">
          {homeHero.secondaryAction.label}
        </ButtonLink>
        <dl className="mt-6 grid w-full grid-cols-2 gap-6 border-t border-brand-100 pt-8 sm:grid-cols-4">
          {homeHero.stats.map((stat) => (
            <Stat key={stat.label} value={stat.value} label={stat.label} />
          ))}
        </dl>
      </PageHero>

      <Section id="money-flow" title={moneyFlow.title} intro={moneyFlow.intro}>
        <MoneyFlow steps={moneyFlow.steps} label={moneyFlow.title} />
      </Section>

      <Section id="why-onehop" title={featureCards.title} intro={featureCards.intro} tone="muted">
        <CardGrid items={featureCards.cards} />
      </Section>

      <Section id="how-it-works" title={howItWorks.title} intro={howItWorks.intro}>
        <StepList steps={howItWorks.steps} label={howItWorks.title} />
        <LinkLine link={howItWorks.link} className="mt-8" />
      </Section>

      <Section id="performance" title={performance.title} intro={performance.intro} tone="muted">
        <ul className="grid gap-6 md:grid-cols-3">
          {performance.headlineCards.map((card) => (
            <li key={card.title} className="flex">
              <div className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <IconBadge name={card.icon} />
                <h3 className="mt-4 text-xl font-semibold text-ink">{card.title}</h3>
                <p className="mt-2 text-slate-700">{card.body}</p>
                <dl className="mt-6">
                  <Stat value={card.figure.value} label={card.figure.label} />
                </dl>
                {card.link ? <LinkLine link={card.link} className="mt-auto pt-6" /> : null}
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-14 text-sm font-semibold uppercase tracking-wide text-brand-800">
          {performance.enterpriseTitle}
        </p>
        <div className="mt-6">
          <CardGrid items={performance.enterpriseCards} cols={4} />
        </div>
      </Section>

      <Section id="get-started" title={closingCta.title} intro={closingCta.body} tone="dark">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <CheckList items={closingCta.highlights} tone="dark" />
          <div className="flex flex-wrap gap-3 lg:justify-end">
            <ButtonLink to={closingCta.actions.rates.to} variant="inverse">
              {closingCta.actions.rates.label}
            </ButtonLink>
            <ButtonLink to={closingCta.actions.integrate.to}>
              {closingCta.actions.integrate.label}
            </ButtonLink>
            <ExternalLink href={demoUrl} className={buttonClass("inverse")}>
              {closingCta.actions.demo.label}
            </ExternalLink>
          </div>
        </div>
      </Section>
    </>
  );
}
