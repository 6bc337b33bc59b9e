import {
  redirect,
  type LoaderFunctionArgs,
  type MetaDescriptor,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArticleContent } from "~/components/blog/ArticleContent";
import { ArticleNav, BackToBlog } from "~/components/blog/ArticleNav";
import { Container } from "~/components/ui";
import { blogMessages } from "~/i18n/catalogs/blog";
import { inLocale } from "~/i18n/messages";
import { matchesLocale } from "~/i18n/match-locale";
import { useLocale } from "~/i18n/use-messages";
import { env } from "~/utils/env.server";
import { publicPageHeaders } from "~/utils/http";
import { logger } from "~/utils/logger.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { blog, builtInBlog, type Blog } from "~/wiring/news.server";

/** An unknown or unpublished slug goes back to the blog (spec section 8). */
export async function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  let found: Awaited<ReturnType<Blog["getPublishedArticle"]>>;
  try {
    found = await blog().getPublishedArticle(slug);
  } catch (error) {
    // Curated articles unavailable: built-in articles still render (spec section 7).
    logger.error("blog: curated articles unavailable", {
      error: error instanceof Error ? error.message : String(error),
    });
    found = await builtInBlog().getPublishedArticle(slug);
  }
  if (!found) throw redirect(paths.blog);
  const neighbour = (article: { slug: string; title: string } | null) =>
    article ? { slug: article.slug, title: article.title } : null;
  return {
    article: found.article,
    previous: neighbour(found.previous),
    next: neighbour(found.next),
    siteUrl: env.PUBLIC_SITE_URL,
  };
}

export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  if (!data) {
    const { title } = inLocale(blogMessages, matchesLocale(matches)).meta;
    return seo(matches, { title, description: "OneHop blog.", path: paths.blog });
  }
  const { article } = data;
  const tags: MetaDescriptor[] = [
    ...seo(matches, {
      title: article.title,
      description: article.tldr,
      path: paths.blogArticle(article.slug),
      type: "article",
    }),
    { property: "article:published_time", content: article.publishedAt },
    { property: "article:section", content: article.category },
    { property: "article:author", content: article.author.name },
    ...article.tags.map((tag) => ({ property: "article:tag", content: tag })),
  ];
  return tags;
};

export default function BlogArticle() {
  const { article, previous, next, siteUrl } = useLoaderData<typeof loader>();
  const locale = useLocale();
  return (
    <Container className="py-12">
      <div className="mx-auto max-w-3xl">
        <BackToBlog />
      </div>
      <div className="mt-6">
        <ArticleContent article={article} siteUrl={siteUrl} locale={locale} />
      </div>
      <ArticleNav previous={previous} next={next} />
    </Container>
  );
}
