import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CheckList } from "~/components/company/CheckList";
import { CtaBand } from "~/components/company/CtaBand";
import { Timeline } from "~/components/company/Timeline";
import { ButtonLink, Card, PageHero, Section, Stat } from "~/components/ui";
import { IconBadge } from "~/components/ui/icons";
import { company } from "~/content/company";
import { aboutContent } from "~/content/pages/about";
import { requestLocale } from "~/i18n/negotiate";
import { publicPageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

export const headers = publicPageHeaders;

/** The page's copy travels as loader data, in the request's language (issue 33). */
export const loader = ({ request }: LoaderFunctionArgs) => aboutContent(requestLocale(request));

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo(matches, {
    title: data?.seo.title ?? "About Us",
    description: data?.seo.description ?? "",
    path: paths.about,
  });

export default function AboutPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} lead={page.hero.lead}>
        <ButtonLink to={paths.getStarted}>{page.cta.button}</ButtonLink>
        <ButtonLink to={paths.security} variant="secondary">
          {page.hero.security}
        </ButtonLink>
      </PageHero>

      <Section id="story" title={page.story.title}>
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr] lg:items-start">
          <div className="space-y-5 text-lg leading-relaxed text-slate-700">
            {page.story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <dl className="grid grid-cols-2 gap-6 rounded-2xl border border-slate-200 bg-slate-50 p-6">
            {page.stats.map((stat) => (
              <Stat key={stat.label} value={stat.value} label={stat.label} />
            ))}
          </dl>
        </div>
      </Section>

      <Section id="mission" title={page.mission.title} tone="muted">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
          <blockquote className="border-l-4 border-brand-700 pl-6 text-xl font-semibold sm:text-2xl leading-snug text-ink">
            <p>{page.mission.statement}</p>
          </blockquote>
          <CheckList items={page.mission.points} className="text-base" />
        </div>
      </Section>

      <Section
        id="timeline"
        title={<span id="timeline-heading">{page.timeline.title}</span>}
        intro={page.timeline.intro}
      >
        <Timeline
          items={page.timeline.milestones}
          labelledBy="timeline-heading"
          className="ml-2.5"
        />
      </Section>

      <Section id="values" title={page.values.title} intro={page.values.intro} tone="muted">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {page.values.items.map((value) => (
            <li key={value.title} className="flex">
              <Card title={value.title} icon={<IconBadge name={value.icon} />} className="w-full">
                <p>{value.body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="contact" title={page.visit.title}>
        <div className="grid gap-6 md:grid-cols-3">
          <Card title={page.visit.office} icon={<IconBadge name="pin" />}>
            <address className="not-italic">
              {company.legalName}
              {company.officeAddress.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </Card>
          <Card title={page.visit.postal} icon={<IconBadge name="document" />}>
            <address className="not-italic">
              {company.postalAddress.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </Card>
          <Card title={page.visit.support} icon={<IconBadge name="phone" />}>
            <p>
              <a
                className="font-semibold text-brand-800 underline underline-offset-4"
                href={`mailto:${company.supportEmail}`}
              >
                {company.supportEmail}
              </a>
            </p>
            <p className="mt-1">
              <a
                className="font-semibold text-brand-800 underline underline-offset-4"
                href={company.phoneHref}
              >
                {company.phone}
              </a>
            </p>
          </Card>
        </div>
        <p className="mt-6 max-w-3xl text-slate-700">{page.visit.body}</p>
        <p className="mt-3 max-w-3xl text-sm text-slate-700">{page.visit.licence}</p>
      </Section>

      <CtaBand
        id="about-cta"
        title={page.cta.title}
        body={page.cta.body}
        action={{ to: paths.getStarted, label: page.cta.button }}
        icon="rocket"
      />
    </>
  );
}
