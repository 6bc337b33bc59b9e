/**
 * Per-route <title>, description, canonical and Open Graph tags. The site origin comes from the
 * root loader (configuration), so routes only name their path:
 *
 *   export const meta: MetaFunction = ({ matches }) =>
 *     seo(matches, { title: "About", description: "...", path: "/about" });
 */
import type { MetaDescriptor } from "@remix-run/node";
import { company } from "~/content/company";
import { statusMessages } from "~/i18n/catalogs/shell";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";

type Matches = readonly ({ id: string; data: unknown } | undefined)[];

export interface SeoInput {
  /** Page title without the brand; omitted for the home page. */
  title?: string;
  description: string;
  path: string;
  type?: "website" | "article";
  noindex?: boolean;
}

export function siteOrigin(matches: Matches): string {
  const root = matches.find((match) => match?.id === "root")?.data as
    { ENV?: { PUBLIC_SITE_URL?: string } } | undefined;
  return (root?.ENV?.PUBLIC_SITE_URL ?? "http://localhost:3000").replace(/\/$/, "");
}

export function seo(matches: Matches, input: SeoInput): MetaDescriptor[] {
  const fullTitle = input.title
    ? `${input.title} | ${company.brand}`
    : `${company.brand}: ${company.tagline}`;
  const url = `${siteOrigin(matches)}${input.path}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: company.brand },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${siteOrigin(matches)}/og-image.png` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The meta of an unknown address: a plain title, never indexed. */
export const notFoundMeta = ({ matches }: { matches: Matches }): MetaDescriptor[] => {
  const root = matches.find((match) => match?.id === "root")?.data as
    { locale?: unknown } | undefined;
  const m = inLocale(statusMessages, isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE);
  return [{ title: m.notFoundTitle }, { name: "robots", content: "noindex" }];
};
