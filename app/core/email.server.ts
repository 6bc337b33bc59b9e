/**
 * Outbound e-mail: every message is written to `outbound_emails` first (so nothing is lost and
 * operators can see it), then sent through SMTP when SMTP is configured. Without SMTP the table is
 * the outbox.
 *
 * On the store (ADR 0041): `queueEmail` writes on the caller's handle, inside its transaction;
 * `deliverPendingEmails` reads what waits in a read of its own, sends each message outside any
 * transaction and records each attempt in a write of its own.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import nodemailer from "nodemailer";
import { outboundEmails } from "../../drizzle/schema";
import type { Handle, Store } from "~/db/store";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML (escaped, inline styles only); sent with the text as alternatives. */
  html?: string | null;
}

/**
 * The statement that queues `message`, returning its id: `queueEmail` awaits it; the notices' one
 * implementation (core/accounts/notifications.server.ts) runs it inside their steps.
 */
export function outboundEmailInsert(q: Handle, message: EmailMessage, now: number) {
  return q
    .insert(outboundEmails)
    .values({
      toAddress: message.to,
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html ?? null,
      createdAt: now,
    })
    .returning({ id: outboundEmails.id });
}

/** Queue `message` inside the caller's transaction; its id. */
export async function queueEmail(
  q: Handle,
  message: EmailMessage,
  now = Date.now(),
): Promise<number> {
  const [row] = await outboundEmailInsert(q, message, now);
  if (!row) throw new Error("the e-mail was not queued");
  return row.id;
}

export interface Mailer {
  send(message: EmailMessage & { from: string }): Promise<void>;
}

/** A message with an HTML body goes out as multipart/alternative (text and HTML). */
export function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
  };
}

const MAX_ATTEMPTS = 5;

/** Send what is waiting (up to `limit`), recording each attempt. Returns how many were sent. */
export async function deliverPendingEmails(
  store: Store,
  mailer: Mailer,
  from: string,
  limit = 20,
  now = Date.now,
): Promise<number> {
  const pending = await store.read((q) =>
    q
      .select()
      .from(outboundEmails)
      .where(and(isNull(outboundEmails.sentAt), lt(outboundEmails.attempts, MAX_ATTEMPTS)))
      .limit(limit),
  );
  let sent = 0;
  for (const email of pending) {
    try {
      await mailer.send({
        from,
        to: email.toAddress,
        subject: email.subject,
        text: email.bodyText,
        html: email.bodyHtml,
      });
      const sentAt = now();
      await store.write(async (q) => {
        await q
          .update(outboundEmails)
          .set({ sentAt, attempts: email.attempts + 1, lastError: null })
          .where(eq(outboundEmails.id, email.id));
      });
      sent++;
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      await store.write(async (q) => {
        await q
          .update(outboundEmails)
          .set({ attempts: email.attempts + 1, lastError })
          .where(eq(outboundEmails.id, email.id));
      });
    }
  }
  return sent;
}
