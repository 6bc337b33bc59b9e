import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CheckList } from "~/components/company/CheckList";
import { CtaBand } from "~/components/company/CtaBand";
import { StepList } from "~/components/company/StepList";
import { ButtonLink, Card, LinkLine, PageHero, Section } from "~/components/ui";
import { IconBadge } from "~/components/ui/icons";
import { onboardingContent } from "~/content/pages/onboarding";
import { requestLocale } from "~/i18n/negotiate";
import { publicPageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

export const headers = publicPageHeaders;

/** The page's copy travels as loader data, in the request's language (issue 33). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  onboardingContent(requestLocale(request));

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo(matches, {
    title: data?.seo.title ?? "Start Your Payment Journey",
    description: data?.seo.description ?? "",
    path: paths.onboarding,
  });

export default function OnboardingPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} lead={page.hero.lead}>
        <ButtonLink to={paths.getStarted}>{page.cta.button}</ButtonLink>
        <ButtonLink to={paths.merchantSignIn} variant="secondary">
          {page.hero.signIn}
        </ButtonLink>
      </PageHero>

      <Section
        id="steps"
        title={<span id="steps-heading">{page.steps.title}</span>}
        intro={page.steps.intro}
      >
        <StepList steps={page.steps.items} labelledBy="steps-heading" />
      </Section>

      <Section
        id="documents"
        title={page.documents.title}
        intro={page.documents.intro}
        tone="muted"
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {page.documents.groups.map((group) => (
            <li key={group.id} className="flex">
              <Card title={group.title} icon={<IconBadge name={group.icon} />} className="w-full">
                <CheckList items={group.items} className="text-sm" />
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="faq" title={page.faq.title}>
        <dl className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {page.faq.items.map((item) => (
            <div key={item.question} className="p-6">
              <dt className="text-lg font-semibold text-ink">{item.question}</dt>
              <dd className="mt-2 max-w-3xl text-slate-700">
                <p>{item.answer}</p>
                {"link" in item ? <LinkLine link={item.link} className="mt-2" /> : null}
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <CtaBand
        id="onboarding-cta"
        title={page.cta.title}
        body={page.cta.body}
        action={{ to: paths.getStarted, label: page.cta.button }}
        icon="rocket"
      />
    </>
  );
}
