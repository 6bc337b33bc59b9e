/**
 * The feed list: add a feed (validated with the same zod schema as the server), enable, disable,
 * remove.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Badge, buttonClass } from "~/components/ui";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { addFeedSchema } from "~/core/news/admin-schema";
import type { FeedListItem } from "~/core/news/types";
import { formatEatDateTime } from "~/utils/format";

export type FeedLine = FeedListItem;

export function FeedList({
  feeds,
  lastResult,
}: {
  feeds: readonly FeedLine[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "add-feed",
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addFeedSchema }),
  });
  const meta = (name: "name" | "url") => fieldMeta(fields[name]);
  return (
    <section
      aria-labelledby="feeds-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="feeds-heading" className="text-xl font-bold text-ink">
        Feeds
      </h2>
      {feeds.length === 0 ? (
        <p className="mt-3 text-slate-700">No feeds yet. Add an RSS or Atom feed below.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Feeds">
          {feeds.map((feed) => (
            <li
              key={feed.id}
              className="flex flex-wrap items-start justify-between gap-4 py-3"
              data-testid="feed"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-ink">{feed.name}</span>
                  <Badge tone={feed.enabled ? "success" : "neutral"}>
                    {feed.enabled ? "Enabled" : "Disabled"}
                  </Badge>
                  {feed.lastOutcome === "failed" ? (
                    <Badge tone="danger">Last fetch failed</Badge>
                  ) : null}
                </p>
                <p className="break-all text-sm text-slate-700">{feed.url}</p>
                {feed.note ? <p className="text-sm text-slate-600">{feed.note}</p> : null}
                {feed.lastFetchedAt !== null ? (
                  <p className="text-sm text-slate-600">
                    Last fetched {formatEatDateTime(feed.lastFetchedAt)}
                    {feed.lastError ? `: ${feed.lastError}` : ""}
                  </p>
                ) : null}
              </div>
              <Form method="post" preventScrollReset className="flex gap-2">
                <input type="hidden" name="feedId" value={feed.id} />
                <button
                  type="submit"
                  name="intent"
                  value={feed.enabled ? "disable-feed" : "enable-feed"}
                  className={buttonClass("secondary", "px-3 py-1.5")}
                >
                  {feed.enabled ? "Disable" : "Enable"}
                  <span className="sr-only"> {feed.name}</span>
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="remove-feed"
                  className={buttonClass("ghost", "px-3 py-1.5 text-red-800")}
                >
                  Remove
                  <span className="sr-only"> {feed.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form
        method="post"
        preventScrollReset
        {...getFormProps(form)}
        className="mt-6 grid gap-4 border-t border-slate-200 pt-6 sm:grid-cols-[1fr_2fr_auto] sm:items-start"
      >
        <TextField meta={meta("name")} label="Outlet name" autoComplete="off" />
        <TextField
          meta={meta("url")}
          label="Feed URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/feed"
        />
        <SubmitButton
          name="intent"
          value="add-feed"
          pendingLabel="Adding Feed..."
          className="sm:mt-6"
        >
          Add Feed
        </SubmitButton>
      </Form>
    </section>
  );
}
