/**
 * Webhook delivery in the running app (issue 13, item 4): starts the delivery worker
 * (core/api/webhooks/worker.server.ts) at boot with the site's address for links inside events.
 *
 * The loopback allowance: with PROVIDER_MODE=simulator (local development, tests, a demo) a
 * test-mode endpoint may be `http://127.0.0.1:<port>/…` (or [::1]) so a receiver on this machine
 * works; live endpoints never, and a live process (PROVIDER_MODE=live) never for any endpoint. The
 * routes and the API take the same policy from `webhookUrlPolicy()`.
 *
 * OneHop's own address (PUBLIC_SITE_URL's origin, and loopback on PORT) is never a destination
 * (issue 27, item 10), whatever the mode.
 */
import type { WebhookUrlPolicy } from "~/core/api/webhooks/url-rules";
import { startWebhookWorker, type WebhookWorker } from "~/core/api/webhooks/worker.server";
import { env } from "~/utils/env.server";
import type { BootContext } from "./context";

const state = globalThis as typeof globalThis & { __onehopWebhookWorker?: WebhookWorker };

/** The URL policy for endpoints registered and delivered in this process. */
export function webhookUrlPolicy(): WebhookUrlPolicy {
  return {
    allowLoopback: env.PROVIDER_MODE === "simulator",
    self: { siteUrl: env.PUBLIC_SITE_URL, listenPort: env.PORT },
  };
}

export function startWebhooks({ store }: BootContext): void {
  void state.__onehopWebhookWorker?.stop();
  state.__onehopWebhookWorker = startWebhookWorker(store, {
    siteUrl: env.PUBLIC_SITE_URL,
    policy: webhookUrlPolicy(),
  });
}

/** Stop the worker (tests; a clean shutdown). */
export async function stopWebhooks(): Promise<void> {
  const worker = state.__onehopWebhookWorker;
  delete state.__onehopWebhookWorker;
  await worker?.stop();
}
