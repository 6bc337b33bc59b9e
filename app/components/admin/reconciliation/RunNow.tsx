import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/form";
import { formatEatDateTime } from "~/utils/format";

/** "Run now": a POST that reconciles yesterday's EAT day at once, as the nightly job does. */
export function RunNow({ runningSince }: { runningSince: number | null }) {
  return (
    <Form method="post" className="flex flex-wrap items-center gap-4">
      <SubmitButton name="intent" value="run" pendingLabel="Running...">
        Run now
      </SubmitButton>
      <p className="text-sm text-slate-700">
        {runningSince !== null
          ? `A run is going now (started ${formatEatDateTime(runningSince)}): wait for it to finish.`
          : "The job runs every night at 02:00 EAT. Run it now to compare the ledger with every provider again."}
      </p>
    </Form>
  );
}
