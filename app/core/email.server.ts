/**
 * Outbound e-mail: every message is written to `outbound_emails` first (so nothing is lost and
 * operators can see it), then sent through SMTP when SMTP is configured. Without SMTP the table is
 * the outbox.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import nodemailer from "nodemailer";
import { outboundEmails } from "../../drizzle/schema";
import type { Db, DbOrTx } from "~/utils/db.server";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML (escaped, inline styles only); sent with the text as alternatives. */
  html?: string | null;
}

type Writer = Pick<DbOrTx, "insert">;

export function queueEmail(db: Writer, message: EmailMessage, now = Date.now()): number {
  const row = db
    .insert(outboundEmails)
    .values({
      toAddress: message.to,
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html ?? null,
      createdAt: now,
    })
    .returning({ id: outboundEmails.id })
    .get();
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
  db: Db,
  mailer: Mailer,
  from: string,
  limit = 20,
  now = Date.now,
): Promise<number> {
  const pending = db
    .select()
    .from(outboundEmails)
    .where(and(isNull(outboundEmails.sentAt), lt(outboundEmails.attempts, MAX_ATTEMPTS)))
    .limit(limit)
    .all();
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
      db.update(outboundEmails)
        .set({ sentAt: now(), attempts: email.attempts + 1, lastError: null })
        .where(eq(outboundEmails.id, email.id))
        .run();
      sent++;
    } catch (error) {
      db.update(outboundEmails)
        .set({
          attempts: email.attempts + 1,
          lastError: error instanceof Error ? error.message : String(error),
        })
        .where(eq(outboundEmails.id, email.id))
        .run();
    }
  }
  return sent;
}
