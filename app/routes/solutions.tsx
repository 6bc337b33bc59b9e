import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { CardGrid } from "~/components/marketing/CardGrid";
import { CoinList } from "~/components/marketing/CoinList";
import { FlowTabs } from "~/components/marketing/FlowTabs";
import { useExternalUrls } from "~/components/marketing/useExternalUrls";
import {
  buttonClass,
  ButtonLink,
  ExternalLink,
  PageHero,
  Section,
  textLinkClass,
} from "~/components/ui";
import { solutionsPage } from "~/content/marketing/pages.server";
import { requestLocale } from "~/i18n/negotiate";
import { publicPageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

export const headers = publicPageHeaders;

/**
 * The page's copy travels as loader data, in the request's language, so it is not in the page's
 * JavaScript bundle.
 */
export const loader = ({ request }: LoaderFunctionArgs) => solutionsPage(requestLocale(request));

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo(matches, {
    title: data?.solutionsMeta.title ?? "Solutions",
    description: data?.solutionsMeta.description ?? "",
    path: paths.solutions,
  });

/**
 * Switching tabs (?flow=) needs no new data; a form (the language switch) does: the copy comes
 * back in the new language.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod ? defaultShouldRevalidate : false);

export default function Solutions() {
  const { demoUrl } = useExternalUrls();
  const {
    coinsSection,
    flowsSection,
    paymentFlows,
    solutionCards,
    solutionsClosing,
    solutionsHero,
    payableCryptocurrencies,
    indicativeCryptocurrencies,
  } = useLoaderData<typeof loader>();
  const { integrate, onboarding } = solutionsHero.actions;
  return (
    <>
      <PageHero
        eyebrow={solutionsHero.eyebrow}
        title={solutionsHero.title}
        lead={solutionsHero.lead}
      >
        <ButtonLink to={integrate.to}>{integrate.label}</ButtonLink>
        <ButtonLink to={onboarding.to} variant="secondary">
          {onboarding.label}
        </ButtonLink>
      </PageHero>

      <Section id="solutions" title={solutionCards.title} intro={solutionCards.intro}>
        <CardGrid
          items={solutionCards.cards.map((card) => ({
            title: card.title,
            icon: card.icon,
            body: card.body,
            footer: (
              <Link to={paths.docs} className={textLinkClass}>
                {card.docsLabel}
              </Link>
            ),
          }))}
        />
      </Section>

      <Section id="how-it-works" title={flowsSection.title} intro={flowsSection.intro} tone="muted">
        <FlowTabs flows={paymentFlows} label={flowsSection.tabListLabel} />
      </Section>

      <Section id="supported-coins" title={coinsSection.title} intro={coinsSection.intro}>
        <div className="space-y-8">
          <div>
            <h3 className="mb-4 text-lg font-semibold text-ink">{coinsSection.payableTitle}</h3>
            <CoinList coins={payableCryptocurrencies} label={coinsSection.payableTitle} />
          </div>
          <div>
            <h3 className="mb-4 text-lg font-semibold text-ink">{coinsSection.indicativeTitle}</h3>
            <CoinList coins={indicativeCryptocurrencies} label={coinsSection.indicativeTitle} />
          </div>
        </div>
        <p className="mt-8">
          <Link to={coinsSection.link.to} className={textLinkClass}>
            {coinsSection.link.label}
          </Link>
        </p>
      </Section>

      <Section
        id="get-started"
        title={solutionsClosing.title}
        intro={solutionsClosing.body}
        tone="dark"
      >
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={integrate.to} variant="inverse">
            {integrate.label}
          </ButtonLink>
          <ButtonLink to={onboarding.to}>{onboarding.label}</ButtonLink>
          <ExternalLink href={demoUrl} className={buttonClass("inverse")}>
            {solutionsClosing.demoLabel}
          </ExternalLink>
        </div>
      </Section>
    </>
  );
}
