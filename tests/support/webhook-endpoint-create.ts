/**
 * Register a test-mode webhook endpoint for a merchant, subscribed to every event, straight in the
 * database (DATABASE_URL), for the restart spec and the bench:
 *
 *   node --import tsx tests/support/webhook-endpoint-create.ts MRC-K3NYA2 http://127.0.0.1:PORT/hook
 *
 * Prints `{"id":"we_…","secret":"whsec_…"}` on stdout. Run it with the server's environment: the
 * secret is sealed with the key derived from SESSION_SECRET (or TOTP_ENCRYPTION_KEY), and the
 * loopback allowance follows PROVIDER_MODE (simulator) as in the running app.
 */
import { createWebhookEndpoint } from "../../app/core/api/webhooks/endpoints.server";
import { openStoreAt } from "../../app/db/process.server";
import { env } from "../../app/utils/env.server";
import { webhookUrlPolicy } from "../../app/wiring/webhooks.server";

const [merchantId, url] = process.argv.slice(2);
if (!merchantId || !url || merchantId.length > 20 || url.length > 2_000) {
  console.error("usage: webhook-endpoint-create.ts MRC-XXXXXX http://127.0.0.1:PORT/hook");
  process.exit(2);
}

const store = openStoreAt(env.DATABASE_URL);
const made = await createWebhookEndpoint(
  store,
  { merchantId, mode: "test", url, events: ["*"], description: "Restart check", now: Date.now() },
  { policy: webhookUrlPolicy() },
);
await store.close();
if (!made.ok) {
  console.error(`webhook-endpoint-create: ${made.message}`);
  process.exit(1);
}
process.stdout.write(`${JSON.stringify({ id: made.endpoint.id, secret: made.secret })}\n`);
