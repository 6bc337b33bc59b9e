import { createServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { outboundEmails } from "../../drizzle/schema";
import { createTestDb, testStore } from "../../tests/setup/db";
import {
  deliverPendingEmails,
  queueEmail,
  smtpMailer,
  type EmailMessage,
  type Mailer,
} from "./email.server";

const { db, close } = createTestDb();
afterAll(close);
const store = testStore(db);
const queue = (message: EmailMessage) => store.write((q) => queueEmail(q, message));

describe("outbound e-mail", () => {
  it("keeps every message, sends what waits, and records failures for a retry", async () => {
    await queue({ to: "a@shop.example", subject: "One", text: "first" });
    await queue({ to: "b@shop.example", subject: "Two", text: "second" });
    const sent: string[] = [];
    const flaky: Mailer = {
      async send(message) {
        if (message.to.startsWith("b@")) throw new Error("mailbox unavailable");
        sent.push(message.to);
      },
    };
    expect(await deliverPendingEmails(store, flaky, "OneHop <no-reply@onehop.test>")).toBe(1);
    expect(sent).toEqual(["a@shop.example"]);
    const rows = db.select().from(outboundEmails).all();
    expect(rows.find((r) => r.toAddress === "a@shop.example")?.sentAt).not.toBeNull();
    expect(rows.find((r) => r.toAddress === "b@shop.example")).toMatchObject({
      sentAt: null,
      attempts: 1,
      lastError: "mailbox unavailable",
    });
    // A second run sends only what is still waiting.
    const reliable: Mailer = {
      async send(message) {
        sent.push(message.to);
      },
    };
    expect(await deliverPendingEmails(store, reliable, "OneHop <no-reply@onehop.test>")).toBe(1);
    expect(sent).toEqual(["a@shop.example", "b@shop.example"]);
  });
});

/** A minimal SMTP server on 127.0.0.1 that keeps the DATA of each message it accepts. */
async function startSmtpServer() {
  const received: string[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = "";
    let inData = false;
    socket.write("220 test.local ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write("250 OK queued\r\n");
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd).toUpperCase();
        buffer = buffer.slice(lineEnd + 2);
        if (line.startsWith("EHLO")) socket.write("250-test.local\r\n250 8BITMIME\r\n");
        else if (line.startsWith("DATA")) {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (line.startsWith("QUIT")) {
          socket.end("221 bye\r\n");
          return;
        } else socket.write("250 OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("HTML e-mail", () => {
  it("stores the HTML body beside the text and sends both as one multipart message by SMTP", async () => {
    const id = await queue({
      to: "owner@shop.example",
      subject: "Both bodies",
      text: "Plain words",
      html: '<p style="margin:0">Rich words</p>',
    });
    const row = db
      .select()
      .from(outboundEmails)
      .all()
      .find((r) => r.id === id);
    expect(row).toMatchObject({
      bodyText: "Plain words",
      bodyHtml: '<p style="margin:0">Rich words</p>',
    });

    const smtp = await startSmtpServer();
    try {
      const mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`);
      expect(await deliverPendingEmails(store, mailer, "OneHop <no-reply@onehop.test>")).toBe(1);
      expect(smtp.received).toHaveLength(1);
      const raw = smtp.received[0]!;
      expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
      expect(raw).toMatch(/Content-Type: text\/plain/i);
      expect(raw).toMatch(/Content-Type: text\/html/i);
      expect(raw).toContain("Plain words");
      expect(raw).toContain("Rich words");
    } finally {
      await smtp.close();
    }
  });

  it("sends a text-only message without an HTML part", async () => {
    await queue({ to: "plain@shop.example", subject: "Text only", text: "Just text" });
    const smtp = await startSmtpServer();
    try {
      await deliverPendingEmails(
        store,
        smtpMailer(`smtp://127.0.0.1:${smtp.port}`),
        "a@onehop.test",
      );
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).not.toMatch(/text\/html/i);
      expect(smtp.received[0]).toContain("Just text");
    } finally {
      await smtp.close();
    }
  });
});
