import { createHmac } from "node:crypto";

/**
 * The token in our M-Pesa callback URLs, derived from a server secret (SESSION_SECRET in the app).
 */
export const callbackTokenFor = (secret: string) =>
  createHmac("sha256", secret).update("mpesa-callbacks").digest("base64url").slice(0, 32);
