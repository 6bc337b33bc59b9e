/**
 * The parts of a security page (merchant member and operator alike): the account's signed-in
 * sessions with "Sign out" per other session and "Sign out all other sessions" (plain form posts),
 * recent security events, and links to change the password and the two-factor settings.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge, Card, TextLink } from "~/components/ui";
import { SubmitButton } from "~/components/ui/form";
import { sessionIntents } from "~/core/accounts/security-page-schema";
import { formatEatDateTime, formatEatIso } from "~/utils/format";

export interface SessionLine {
  ref: string;
  device: string;
  ipAddress: string | null;
  signedInAt: number;
  lastActiveAt: number;
  current: boolean;
}

export interface EventLine {
  id: number;
  label: string;
  at: number;
  device: string;
  ipAddress: string | null;
}

function Time({ at }: { at: number }) {
  return <time dateTime={formatEatIso(at)}>{formatEatDateTime(at)}</time>;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SignInSettings({
  passwordPath,
  twoFactorPath,
  twoFactorOn,
}: {
  passwordPath: string;
  twoFactorPath: string;
  twoFactorOn: boolean;
}) {
  return (
    <Section id="sign-in-heading" title="Sign-in">
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        <li>
          <Card className="h-full">
            <p className="font-semibold text-ink">Password</p>
            <p className="mt-1 text-sm text-slate-700">Changing it signs out every other device.</p>
            <p className="mt-3">
              <TextLink to={passwordPath}>Change password</TextLink>
            </p>
          </Card>
        </li>
        <li>
          <Card className="h-full">
            <p className="font-semibold text-ink">
              Two-factor sign-in{" "}
              <Badge tone={twoFactorOn ? "success" : "warning"}>{twoFactorOn ? "On" : "Off"}</Badge>
            </p>
            <p className="mt-1 text-sm text-slate-700">
              A code from an authenticator app after your password.
            </p>
            <p className="mt-3">
              <TextLink to={twoFactorPath}>
                {twoFactorOn ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
              </TextLink>
            </p>
          </Card>
        </li>
      </ul>
    </Section>
  );
}

export function ActiveSessions({ sessions }: { sessions: readonly SessionLine[] }) {
  const others = sessions.filter((session) => !session.current);
  return (
    <Section id="sessions-heading" title="Where you are signed in">
      <p className="mt-2 text-slate-700">
        Places are approximate: the IP address the session signed in from. If you do not recognise a
        session, sign it out and change your password.
      </p>
      <ul className="mt-4 space-y-3" aria-label="Active sessions">
        {sessions.map((session) => (
          <li
            key={session.ref}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <p className="font-semibold text-ink">
                {session.device}{" "}
                {session.current ? <Badge tone="success">This device</Badge> : null}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                IP address {session.ipAddress ?? "not recorded"} · signed in{" "}
                <Time at={session.signedInAt} /> · last active <Time at={session.lastActiveAt} />
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value={sessionIntents.endOne} />
                <SubmitButton
                  variant="secondary"
                  pendingLabel="Signing out..."
                  name="ref"
                  value={session.ref}
                >
                  Sign out
                  <span className="sr-only">
                    {" "}
                    {session.device}, signed in {formatEatDateTime(session.signedInAt)}
                  </span>
                </SubmitButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" className="mt-4">
          <SubmitButton
            variant="secondary"
            pendingLabel="Signing out..."
            name="intent"
            value={sessionIntents.endOthers}
          >
            Sign out all other sessions
          </SubmitButton>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-700">You are not signed in anywhere else.</p>
      )}
    </Section>
  );
}

export function RecentSecurityEvents({ events }: { events: readonly EventLine[] }) {
  return (
    <Section id="events-heading" title="Recent security events">
      {events.length === 0 ? (
        <p className="mt-2 text-slate-700">Nothing yet.</p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {events.map((event) => (
            <li key={event.id} className="p-4">
              <p className="font-medium text-ink">{event.label}</p>
              <p className="mt-1 text-sm text-slate-700">
                <Time at={event.at} /> · {event.device}
                {event.ipAddress ? ` · IP address ${event.ipAddress}` : ""}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
