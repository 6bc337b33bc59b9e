import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CheckList } from "~/components/company/CheckList";
import { Icon, IconTile } from "~/components/company/icons";
import { StepList } from "~/components/company/StepList";
import { ButtonLink, Card, Container, PageHero, Section } from "~/components/ui";
import { onboardingPage as page } from "~/content/pages/onboarding";
import { publicPageHeaders } from "~/utils/http";
import { seo } from "~/utils/seo";

export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, { title: page.seo.title, description: page.seo.description, path: "/onboarding" });

export default function OnboardingPage() {
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} lead={page.hero.lead}>
        <ButtonLink to="/get-started">Apply now</ButtonLink>
        <ButtonLink to="/merchant-signin" variant="secondary">
          Already approved? Sign in
        </ButtonLink>
      </PageHero>

      <Section id="steps" title={<span id="steps-heading">{page.steps.title}</span>} intro={page.steps.intro}>
        <StepList steps={page.steps.items} labelledBy="steps-heading" />
      </Section>

      <Section id="documents" title={page.documents.title} intro={page.documents.intro} tone="muted">
        <ul className="grid gap-6 md:grid-cols-3">
          {page.documents.groups.map((group) => (
            <li key={group.id} className="flex">
              <Card title={group.title} icon={<IconTile name={group.icon} />} className="w-full">
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
                {"link" in item ? (
                  <p className="mt-2">
                    <Link
                      to={item.link.to}
                      className="font-semibold text-brand-800 underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700"
                    >
                      {item.link.label}
                    </Link>
                  </p>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <section aria-labelledby="onboarding-cta" className="bg-brand-800 py-16 text-white">
        <Container className="flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="onboarding-cta" className="text-3xl font-bold tracking-tight">
              {page.cta.title}
            </h2>
            <p className="mt-3 max-w-2xl text-lg text-brand-50">{page.cta.body}</p>
          </div>
          <ButtonLink to="/get-started" variant="inverse" className="shrink-0">
            {page.cta.button}
            <Icon name="rocket" className="h-5 w-5" />
          </ButtonLink>
        </Container>
      </section>
    </>
  );
}
