import { describe, expect, it } from "vitest";
import {
  newWebhookSecret,
  signWebhookPayload,
  verifyWebhookSignature,
  WEBHOOK_SECRET_PATTERN,
} from "./signature.server";

const now = Date.UTC(2026, 10, 25, 9, 0);
const body = '{"id":"evt_1","type":"payment.paid","data":{"object":{"amount":250000}}}';

describe("webhook signatures", () => {
  it("a new secret is whsec_ and 32 base62 characters, different each time", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it("round trip: the header verifies with the secret, within the tolerance", () => {
    const secret = newWebhookSecret();
    const header = signWebhookPayload({ rawBody: body, secrets: [secret], now });
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(header.startsWith(`t=${Math.floor(now / 1000)},`)).toBe(true);
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: [secret], now })).toEqual({
      ok: true,
      timestamp: Math.floor(now / 1000),
    });
    expect(
      verifyWebhookSignature({
        header,
        rawBody: Buffer.from(body),
        secrets: [secret],
        now: now + 299_000,
      }).ok,
    ).toBe(true);
  });

  it("refuses a tampered body, a wrong secret, an old or future timestamp, a missing or malformed header", () => {
    const secret = newWebhookSecret();
    const header = signWebhookPayload({ rawBody: body, secrets: [secret], now });
    const check = (overrides: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
      verifyWebhookSignature({ header, rawBody: body, secrets: [secret], now, ...overrides });
    expect(check({ rawBody: body.replace("250000", "950000") })).toEqual({
      ok: false,
      reason: "mismatch",
    });
    // Re-serialised JSON (spaces) is not the signed body.
    expect(check({ rawBody: JSON.stringify(JSON.parse(body), null, 1) })).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(check({ secrets: [newWebhookSecret()] })).toEqual({ ok: false, reason: "mismatch" });
    expect(check({ now: now + 301_000 })).toEqual({ ok: false, reason: "too_old" });
    expect(check({ now: now - 301_000 })).toEqual({ ok: false, reason: "too_old" });
    expect(check({ now: now + 60_000, toleranceSeconds: 30 })).toEqual({
      ok: false,
      reason: "too_old",
    });
    expect(check({ header: undefined })).toEqual({ ok: false, reason: "missing" });
    expect(check({ header: "v1=abc" })).toEqual({ ok: false, reason: "malformed" });
    expect(check({ header: `t=${Math.floor(now / 1000)}` })).toEqual({
      ok: false,
      reason: "malformed",
    });
    // A changed timestamp breaks the signature (t is signed).
    const [, v1] = header.split(",");
    expect(check({ header: `t=${Math.floor(now / 1000) + 1},${v1}` })).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it("during a rotation the header carries both signatures (new first): either secret verifies", () => {
    const oldSecret = newWebhookSecret();
    const newSecret = newWebhookSecret();
    const header = signWebhookPayload({ rawBody: body, secrets: [newSecret, oldSecret], now });
    const parts = header.split(",");
    expect(parts).toHaveLength(3);
    expect(parts[1]).toBe(
      signWebhookPayload({ rawBody: body, secrets: [newSecret], now }).split(",")[1],
    );
    for (const secrets of [[oldSecret], [newSecret], [newSecret, oldSecret]])
      expect(verifyWebhookSignature({ header, rawBody: body, secrets, now }).ok).toBe(true);
    expect(
      verifyWebhookSignature({ header, rawBody: body, secrets: [newWebhookSecret()], now }).ok,
    ).toBe(false);
  });
});
