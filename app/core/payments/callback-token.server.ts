import { createHmac } from "node:crypto";

/**
 * The token in our M-Pesa callback URLs, derived from a server secret (SESSION_SECRET in the app).
 * Test mode's M-Pesa (Daraja's sandbox on a live deployment, ADR 0028) gets its own, so a callback
 * says by its token which mode's M-Pesa sent it.
 */
export const callbackTokenFor = (secret: string, mode: "live" | "test" = "live") =>
  createHmac("sha256", secret)
    .update(mode === "test" ? "mpesa-callbacks:test" : "mpesa-callbacks")
    .digest("base64url")
    .slice(0, 32);
