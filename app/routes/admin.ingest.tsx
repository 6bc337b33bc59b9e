import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConsolePage } from "~/components/app/ConsolePage";
import { CriteriaPanel } from "~/components/admin/ingest/CriteriaPanel";
import { CuratedArticles } from "~/components/admin/ingest/CuratedArticles";
import { FeedList } from "~/components/admin/ingest/FeedList";
import { FetchNews } from "~/components/admin/ingest/FetchNews";
import { formatEatDateTime } from "~/utils/format";
import { LastRun } from "~/components/admin/ingest/LastRun";
import { SettingSwitch } from "~/components/admin/ingest/SettingSwitch";
import { ingestActionSchema } from "~/core/news/admin-schema";
import {
  CURATION_WINDOW_DAYS,
  MAX_EMOJIS,
  MIN_CONTENT_LENGTH,
  REJECTION_LABELS,
  type RejectionReason,
} from "~/core/news/rules";
import {
  isAutoIngestScheduled,
  nextIngestRun,
  NEWS_SCHEDULE_LABEL,
} from "~/core/news/schedule.server";
import { EXCLUDED_TOPICS, REQUIRED_TOPICS } from "~/core/news/topics";
import { privatePageHeaders } from "~/utils/http";
import { clearPageCache } from "~/utils/page-cache.server";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { news } from "~/wiring/news.server";

const PAGE = paths.adminIngest;
export const CURATION_FAILED = {
  message: "Error",
  description: "Failed to fetch and curate news. Please try again.",
} as const;

type ActionData = { lastResult: SubmissionResult<string[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, ["curator", "admin"]);
  const service = news();
  const settings = await service.getNewsSettings();
  const run = await service.getLatestRun();
  const scheduled = isAutoIngestScheduled();
  const feeds = await service.listFeeds();
  return {
    settings: { autoIngest: settings.autoIngest, autoPublish: settings.autoPublish },
    schedule: {
      active: scheduled,
      nextRun: scheduled ? (nextIngestRun(new Date())?.toISOString() ?? null) : null,
    },
    run,
    rejections: run
      ? (await service.listRejections(run.id)).map((line) => ({
          ...line,
          label: REJECTION_LABELS[line.reason as RejectionReason] ?? line.reason,
        }))
      : [],
    curated: await service.listCuratedArticles(20),
    feeds,
    criteria: {
      windowDays: CURATION_WINDOW_DAYS,
      maxEmojis: MAX_EMOJIS,
      minContentLength: MIN_CONTENT_LENGTH,
      requiredTopics: REQUIRED_TOPICS.map((topic) => topic.label),
      excludedTopics: EXCLUDED_TOPICS.map((topic) => topic.label),
      schedule: NEWS_SCHEDULE_LABEL,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request, ["curator", "admin"]);
  const submission = parseWithZod(await request.formData(), { schema: ingestActionSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
  }
  const service = news();
  const actor = { operatorId: operator.id, now: Date.now() };
  const input = submission.value;
  switch (input.intent) {
    case "fetch": {
      const result = await service.runIngest({ trigger: "manual", triggeredBy: operator.id });
      await service.auditIngestRun({ ...actor, now: Date.now(), result });
      clearPageCache();
      if (result === "busy" || result.status === "failed")
        return redirectWithError(PAGE, CURATION_FAILED);
      return redirectWithSuccess(PAGE, {
        message: "News Curation Complete",
        description: `Fetched ${result.totalFetched} ${result.totalFetched === 1 ? "article" : "articles"}, curated ${result.totalCurated}.${result.status === "partial" ? ` ${result.feeds.filter((feed) => feed.outcome === "failed").length} of ${result.feeds.length} feeds failed: see Last run.` : ""}`,
      });
    }
    case "auto-ingest": {
      const enabled = input.enabled === "on";
      await service.changeSetting({ ...actor, setting: "autoIngest", enabled });
      service.applyAutoIngest(enabled);
      return redirectWithSuccess(
        PAGE,
        enabled
          ? {
              message: "Auto-Ingest Enabled",
              description: "News will be fetched and curated daily at 07:00 EAT, Monday to Friday.",
            }
          : { message: "Auto-Ingest Disabled", description: "Scheduled news fetching is off." },
      );
    }
    case "auto-publish": {
      const enabled = input.enabled === "on";
      await service.changeSetting({ ...actor, setting: "autoPublish", enabled });
      return redirectWithSuccess(
        PAGE,
        enabled
          ? {
              message: "Auto-Publish Enabled",
              description: "Curated articles will be published at once.",
            }
          : {
              message: "Auto-Publish Disabled",
              description: "Curated articles will wait as drafts.",
            },
      );
    }
    case "publish":
    case "unpublish": {
      const status = input.intent === "publish" ? "published" : "draft";
      const result = await service.changeArticleStatus({
        ...actor,
        articleId: input.articleId,
        status,
      });
      if (!result.ok)
        return redirectWithError(PAGE, {
          message: "Article not found",
          description: "It may have been removed.",
        });
      clearPageCache();
      return redirectWithSuccess(PAGE, {
        message: status === "published" ? "Article Published" : "Article Unpublished",
        description: result.title,
      });
    }
    case "add-feed": {
      const result = await service.addFeedAudited({ ...actor, name: input.name, url: input.url });
      if (!result.ok) {
        const message =
          result.error === "duplicate"
            ? "This feed is already in the list"
            : "Enter a full http or https address";
        return data<ActionData>(
          { lastResult: submission.reply({ fieldErrors: { url: [message] } }) },
          { status: 400 },
        );
      }
      return redirectWithSuccess(PAGE, { message: "Feed Added", description: result.feed.name });
    }
    case "enable-feed":
    case "disable-feed":
    case "remove-feed": {
      const change =
        input.intent === "enable-feed"
          ? "enable"
          : input.intent === "disable-feed"
            ? "disable"
            : "remove";
      const result = await service.changeFeed({ ...actor, feedId: input.feedId, change });
      if (!result.ok)
        return redirectWithError(PAGE, {
          message: "Feed not found",
          description: "It may have been removed already.",
        });
      const message =
        change === "enable"
          ? "Feed Enabled"
          : change === "disable"
            ? "Feed Disabled"
            : "Feed Removed";
      return redirectWithSuccess(PAGE, { message, description: result.name });
    }
  }
}

export default function AdminIngest() {
  const { settings, schedule, run, rejections, curated, feeds, criteria } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  return (
    <ConsolePage title="News curation">
      <div className="space-y-8">
        <section
          aria-labelledby="controls-heading"
          className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6"
        >
          <h2 id="controls-heading" className="sr-only">
            Controls
          </h2>
          <FetchNews enabledFeeds={feeds.filter((feed) => feed.enabled).length} />
          <div className="grid gap-6 border-t border-slate-200 pt-6 md:grid-cols-2">
            <SettingSwitch
              intent="auto-ingest"
              label="Auto-ingest"
              checked={settings.autoIngest}
              description={
                schedule.nextRun
                  ? `${criteria.schedule}. Next run ${formatEatDateTime(schedule.nextRun)}.`
                  : `${criteria.schedule}, when on.`
              }
            />
            <SettingSwitch
              intent="auto-publish"
              label="Auto-publish"
              checked={settings.autoPublish}
              description="Publish curated articles at once instead of keeping them as drafts."
            />
          </div>
        </section>
        <LastRun run={run} rejections={rejections} />
        <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
          <CuratedArticles articles={curated} />
          <CriteriaPanel criteria={criteria} />
        </div>
        {/* A new key when the list changes empties the add form after a feed was added. */}
        <FeedList
          key={feeds.map((feed) => feed.id).join(",")}
          feeds={feeds}
          lastResult={actionData?.lastResult}
        />
      </div>
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "News curation",
    description: "Fetch, curate and publish news for the OneHop blog.",
    path: PAGE,
    noindex: true,
  });
