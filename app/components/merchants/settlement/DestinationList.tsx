import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui";
import { SubmitButton } from "~/components/ui/form";
import type { DestinationView } from "~/core/destinations/views";

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
  destinations: DestinationView[];
  canChange: boolean;
}) {
  return (
    <ul className="mt-4 space-y-4">
      {destinations.map((d) => (
        <li key={d.id} className="rounded-xl border border-slate-300 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-ink">
              {d.railName} <span className="whitespace-nowrap">{d.address}</span>
            </h3>
            <Badge tone={d.tone}>{d.statusText}</Badge>
            {d.isDefault ? <Badge tone="info">Default</Badge> : null}
            {d.splitPercent ? <Badge>{d.splitPercent}% of each settlement</Badge> : null}
          </div>
          {d.registeredName ? (
            <p className="mt-2 text-sm text-slate-800">
              Registered name: <span className="font-semibold">{d.registeredName}</span>
              {d.accountName ? ` (you entered ${d.accountName})` : null}
            </p>
          ) : null}
          {d.status === "confirm_name" && d.nameDiffers ? (
            <p className="mt-1 text-sm text-amber-900">
              This name does not match the account name you entered. Confirm it only if the account
              is yours.
            </p>
          ) : null}
          {d.status === "confirm_name" && !d.registeredName ? (
            <p className="mt-1 text-sm text-slate-800">
              The check payment arrived, but the provider did not give the registered name. Confirm
              that the money reached your account.
            </p>
          ) : null}
          {d.status === "verifying" ? (
            <p className="mt-1 text-sm text-slate-700">
              {d.canCheckAgain
                ? "We could not check it with the provider yet."
                : "A small check payment is on its way; refresh this page to see its result."}
            </p>
          ) : null}
          {d.heldText ? (
            <p className="mt-1 text-sm text-amber-900">
              {d.heldText}: a new destination waits before it is paid, in case someone else added
              it.
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
                    label="Yes, this account is mine"
                    pendingLabel="Confirming..."
                    variant="primary"
                  />
                  <ActionForm
                    intent="reject-name"
                    destinationId={d.id}
                    label="No, it is not mine"
                    pendingLabel="Saving..."
                  />
                </>
              ) : null}
              {d.canCheckAgain ? (
                <ActionForm
                  intent="verify"
                  destinationId={d.id}
                  label="Check again"
                  pendingLabel="Checking..."
                />
              ) : null}
              {d.status === "verified" && !d.isDefault ? (
                <ActionForm
                  intent="make-default"
                  destinationId={d.id}
                  label="Make default"
                  pendingLabel="Saving..."
                />
              ) : null}
              <ActionForm
                intent="remove"
                destinationId={d.id}
                label="Remove"
                pendingLabel="Removing..."
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
