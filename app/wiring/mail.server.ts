/**
 * Background delivery of the outbound e-mail table when SMTP is configured (SMTP_URL): every 30 s,
 * under a lease, so two processes never send the same message. Without SMTP the table is the
 * outbox.
 */
import { deliverPendingEmails, smtpMailer } from "~/core/email.server";
import { env } from "~/utils/env.server";
import { runLeased, schedule } from "~/utils/jobs.server";
import type { BootContext } from "./context";
import { store } from "./store.server";

export function startMail(_context: BootContext): void {
  if (!env.SMTP_URL) return;
  const mailer = smtpMailer(env.SMTP_URL);
  schedule({
    name: "mail.deliver",
    pattern: { everySeconds: 30 },
    run: () =>
      runLeased(store(), "mail.deliver", { ttlMs: 120_000 }, async () => {
        const sent = await deliverPendingEmails(store(), mailer, env.MAIL_FROM);
        return sent > 0
          ? { outcome: "succeeded" as const, detail: { sent } }
          : { outcome: "skipped" as const };
      }),
  });
}
