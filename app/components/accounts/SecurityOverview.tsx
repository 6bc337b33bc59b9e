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
import { securityMessages } from "~/i18n/catalogs/security";
import { useLocale, useMessages } from "~/i18n/use-messages";

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
  return <time dateTime={formatEatIso(at)}>{formatEatDateTime(at, useLocale())}</time>;
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
  const m = useMessages(securityMessages);
  return (
    <Section id="sign-in-heading" title={m.signIn}>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        <li>
          <Card className="h-full">
            <p className="font-semibold text-ink">{m.password}</p>
            <p className="mt-1 text-sm text-slate-700">{m.passwordNote}</p>
            <p className="mt-3">
              <TextLink to={passwordPath}>{m.changePassword}</TextLink>
            </p>
          </Card>
        </li>
        <li>
          <Card className="h-full">
            <p className="font-semibold text-ink">
              {m.twoFactor}{" "}
              <Badge tone={twoFactorOn ? "success" : "warning"}>{twoFactorOn ? m.on : m.off}</Badge>
            </p>
            <p className="mt-1 text-sm text-slate-700">{m.twoFactorNote}</p>
            <p className="mt-3">
              <TextLink to={twoFactorPath}>
                {twoFactorOn ? m.manageTwoFactor : m.setUpTwoFactor}
              </TextLink>
            </p>
          </Card>
        </li>
      </ul>
    </Section>
  );
}

export function ActiveSessions({ sessions }: { sessions: readonly SessionLine[] }) {
  const m = useMessages(securityMessages);
  const locale = useLocale();
  const others = sessions.filter((session) => !session.current);
  return (
    <Section id="sessions-heading" title={m.sessionsTitle}>
      <p className="mt-2 text-slate-700">{m.sessionsNote}</p>
      <ul className="mt-4 space-y-3" aria-label={m.activeSessions}>
        {sessions.map((session) => (
          <li
            key={session.ref}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <p className="font-semibold text-ink">
                {session.device}{" "}
                {session.current ? <Badge tone="success">{m.thisDevice}</Badge> : null}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                {m.ipAddress(session.ipAddress ?? m.notRecorded)} · {m.signedIn}{" "}
                <Time at={session.signedInAt} /> · {m.lastActive} <Time at={session.lastActiveAt} />
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value={sessionIntents.endOne} />
                <SubmitButton
                  variant="secondary"
                  pendingLabel={m.signingOut}
                  name="ref"
                  value={session.ref}
                >
                  {m.signOut}
                  <span className="sr-only">
                    {" "}
                    {m.signedInAt(session.device, formatEatDateTime(session.signedInAt, locale))}
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
            pendingLabel={m.signingOut}
            name="intent"
            value={sessionIntents.endOthers}
          >
            {m.signOutOthers}
          </SubmitButton>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-700">{m.nowhereElse}</p>
      )}
    </Section>
  );
}

export function RecentSecurityEvents({ events }: { events: readonly EventLine[] }) {
  const m = useMessages(securityMessages);
  return (
    <Section id="events-heading" title={m.eventsTitle}>
      {events.length === 0 ? (
        <p className="mt-2 text-slate-700">{m.nothingYet}</p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {events.map((event) => (
            <li key={event.id} className="p-4">
              <p className="font-medium text-ink">{event.label}</p>
              <p className="mt-1 text-sm text-slate-700">
                <Time at={event.at} /> · {event.device}
                {event.ipAddress ? ` · ${m.ipAddress(event.ipAddress)}` : ""}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
