import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CheckList } from "~/components/company/CheckList";
import { CtaBand } from "~/components/company/CtaBand";
import { ButtonLink, Card, Container, PageHero, Section, Stat } from "~/components/ui";
import { IconBadge } from "~/components/ui/icons";
import { company } from "~/content/company";
import { securityContent } from "~/content/pages/security";
import { requestLocale } from "~/i18n/negotiate";
import { publicPageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

export const headers = publicPageHeaders;

/** The page's copy travels as loader data, in the request's language (issue 33). */
export const loader = ({ request }: LoaderFunctionArgs) => securityContent(requestLocale(request));

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo(matches, {
    title: data?.seo.title ?? "Security",
    description: data?.seo.description ?? "",
    path: paths.security,
  });

const linkClass = "font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900";

export default function SecurityPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} lead={page.hero.lead}>
        <ButtonLink to={paths.getStarted}>{page.cta.button}</ButtonLink>
        <ButtonLink to={paths.compliance} variant="secondary">
          {page.hero.compliance}
        </ButtonLink>
      </PageHero>

      <section aria-label={page.statsLabel} className="border-y border-slate-200 bg-white py-10">
        <Container>
          <dl className="grid grid-cols-2 gap-8 md:grid-cols-4">
            {page.stats.map((stat) => (
              <Stat key={stat.label} value={stat.value} label={stat.label} />
            ))}
          </dl>
        </Container>
      </section>

      <Section id="pillars" title={page.pillars.title} intro={page.pillars.intro}>
        <ul className="grid gap-6 md:grid-cols-2">
          {page.pillars.items.map((pillar) => (
            <li key={pillar.id} id={pillar.id} className="flex">
              <Card title={pillar.title} icon={<IconBadge name={pillar.icon} />} className="w-full">
                <p>{pillar.body}</p>
                <CheckList items={pillar.points} className="mt-4 text-sm" />
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="certifications"
        title={page.certifications.title}
        intro={page.certifications.intro}
        tone="muted"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {page.certifications.items.map((certification) => (
            <li key={certification.name} className="flex">
              <Card
                title={certification.name}
                icon={<IconBadge name="badge" />}
                className="flex w-full flex-col"
              >
                <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">
                  {certification.scope}
                </p>
                <p className="mt-2">{certification.body}</p>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-slate-700">
          {page.certifications.licence}{" "}
          <Link to={paths.compliance} className={linkClass}>
            {page.certifications.complianceLink}
          </Link>
          .
        </p>
      </Section>

      <Section id="operations" title={page.practices.title}>
        <ul className="grid gap-6 md:grid-cols-2">
          {page.practices.items.map((practice) => (
            <li key={practice.title} className="flex">
              <Card title={practice.title} className="w-full">
                <p>{practice.body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="report" title={page.report.title} tone="muted">
        <div className="max-w-3xl space-y-4 text-lg text-slate-700">
          <p>{page.report.body}</p>
          <p>
            {page.report.writeTo}{" "}
            <a
              href={`mailto:${company.supportEmail}?subject=Security%20report`}
              className={linkClass}
            >
              {company.supportEmail}
            </a>{" "}
            {page.report.subject}{" "}
            <a href={company.phoneHref} className={linkClass}>
              {company.phone}
            </a>{" "}
            ({company.supportHours}).
          </p>
        </div>
      </Section>

      <CtaBand
        id="security-cta"
        title={page.cta.title}
        body={page.cta.body}
        action={{ to: paths.getStarted, label: page.cta.button }}
        icon="shield"
      />
    </>
  );
}
