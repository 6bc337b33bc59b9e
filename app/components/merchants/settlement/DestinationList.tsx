import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui";
import { SubmitButton } from "~/components/ui/form";
import type { DestinationView } from "~/core/destinations/views";
import { settingsMessages } from "~/i18n/catalogs/settings";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatEatDateTime } from "~/utils/format";

/** A destination as the page lists it: the view, and until when its payouts wait (if held). */
export type ListedDestination = DestinationView & { heldUntil?: number | null };

function ActionForm({
  intent,
  destinationId,
  label,
  pendingLabel,
  variant = "secondary",
}: {
  intent: string;
  destinationId: string;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "secondary";
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="destinationId" value={destinationId} />
      <SubmitButton
        variant={variant}
        pendingLabel={pendingLabel}
        name="intent"
        value={intent}
        className="px-3 py-1.5 text-sm"
      >
        {label}
      </SubmitButton>
    </Form>
  );
}

/**
 * The merchant's destinations: each with its state in words, the registered name the rail gave,
 * and (for an owner) what can be done with it. Every action is a small form: no JavaScript needed.
 */
export function DestinationList({
  destinations,
  canChange,
}: {
  destinations: ListedDestination[];
  canChange: boolean;
}) {
  const { destinations: m, rails } = useMessages(settingsMessages);
  const locale = useLocale();
  return (
    <ul className="mt-4 space-y-4">
      {destinations.map((d) => (
        <li key={d.id} className="rounded-xl border border-slate-300 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-ink">
              {rails[d.rail]} <span className="whitespace-nowrap">{d.address}</span>
            </h3>
            <Badge tone={d.tone}>{m.status[d.status]}</Badge>
            {d.isDefault ? <Badge tone="info">{m.default}</Badge> : null}
            {d.splitPercent ? <Badge>{m.splitShare(d.splitPercent)}</Badge> : null}
          </div>
          {d.registeredName ? (
            <p className="mt-2 text-sm text-slate-800">
              {m.registeredName}
              <span className="font-semibold">{d.registeredName}</span>
              {d.accountName ? m.youEntered(d.accountName) : null}
            </p>
          ) : null}
          {d.status === "confirm_name" && d.nameDiffers ? (
            <p className="mt-1 text-sm text-amber-900">{m.nameDiffers}</p>
          ) : null}
          {d.status === "confirm_name" && !d.registeredName ? (
            <p className="mt-1 text-sm text-slate-800">{m.noName}</p>
          ) : null}
          {d.status === "verifying" ? (
            <p className="mt-1 text-sm text-slate-700">
              {d.canCheckAgain ? m.notCheckedYet : m.checkOnItsWay}
            </p>
          ) : null}
          {d.heldText ? (
            <p className="mt-1 text-sm text-amber-900">
              {d.heldUntil ? m.heldUntil(formatEatDateTime(d.heldUntil, locale)) : d.heldText}
              {m.heldAfter}
            </p>
          ) : null}
          {d.failureReason ? <p className="mt-1 text-sm text-red-800">{d.failureReason}</p> : null}
          {canChange ? (
            <div className="mt-3 flex flex-wrap gap-2">
              {d.status === "confirm_name" ? (
                <>
                  <ActionForm
                    intent="confirm-name"
                    destinationId={d.id}
                    label={m.confirmYes}
                    pendingLabel={m.confirming}
                    variant="primary"
                  />
                  <ActionForm
                    intent="reject-name"
                    destinationId={d.id}
                    label={m.rejectNo}
                    pendingLabel={m.saving}
                  />
                </>
              ) : null}
              {d.canCheckAgain ? (
                <ActionForm
                  intent="verify"
                  destinationId={d.id}
                  label={m.checkAgain}
                  pendingLabel={m.checking}
                />
              ) : null}
              {d.status === "verified" && !d.isDefault ? (
                <ActionForm
                  intent="make-default"
                  destinationId={d.id}
                  label={m.makeDefault}
                  pendingLabel={m.saving}
                />
              ) : null}
              <ActionForm
                intent="remove"
                destinationId={d.id}
                label={m.remove}
                pendingLabel={m.removing}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
