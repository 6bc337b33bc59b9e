/**
 * The payout rails for operators (/admin/rails, issue 14, item 6): each rail's health over the last
 * half hour (measured from our own transfers), its free float and what is in flight in the live
 * ledger, and today's live volume. A rail that is not configured here says so.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConsolePage } from "~/components/app/ConsolePage";
import { RailsTable } from "~/components/admin/rails/RailsTable";
import { payoutRailsOf } from "~/core/payments/rails.server";
import type { RailId } from "~/core/rails/types";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { runningPayments } from "~/wiring/payments.server";
import { railsOverviewAt } from "~/wiring/rails.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, ["reviewer"]);
  const runtime = runningPayments();
  const configured = runtime ? (Object.keys(payoutRailsOf(runtime)) as RailId[]) : [];
  const now = Date.now();
  return {
    now,
    rails: (await railsOverviewAt(configured, now)).map((rail) => ({
      ...rail,
      floatKesCents: rail.floatKesCents.toString(),
      inFlightKesCents: rail.inFlightKesCents.toString(),
      today: { ...rail.today, amountKesCents: rail.today.amountKesCents.toString() },
    })),
  };
}

export default function AdminRails() {
  const { rails, now } = useLoaderData<typeof loader>();
  return (
    <ConsolePage title="Payout rails">
      <p className="max-w-3xl text-slate-700">
        Health counts the last 30 minutes of transfers on each rail: failed, sent and unanswered for
        over 5 minutes, or waiting to be sent again after the rail gave no answer. Float and volume
        are live money only.
      </p>
      <div className="mt-6">
        <RailsTable rails={rails} now={now} />
      </div>
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Payout rails",
    description: "Payout rail health, float and today's volume.",
    path: paths.adminRails,
    noindex: true,
  });
