import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/form";

/** "Fetch Latest News": a POST that runs one ingest now. */
export function FetchNews({ enabledFeeds }: { enabledFeeds: number }) {
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-4">
      <SubmitButton name="intent" value="fetch" pendingLabel="Fetching News...">
        Fetch Latest News
      </SubmitButton>
      <p className="text-sm text-slate-700">
        Reads {enabledFeeds === 1 ? "1 enabled feed" : `${enabledFeeds} enabled feeds`} now and
        curates what is new.
      </p>
    </Form>
  );
}
