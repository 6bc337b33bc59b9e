/**
 * The delivery worker as the running app uses it: a pump keeping up to `maxInFlight` posts going.
 * It runs when the outbox says events were written (onEventsWritten, right after the commit), on a
 * poll (every second: retries that came due, resends, deliveries another process left), and each
 * time a post finishes. Claims are leased (delivery.server.ts), so several processes can run it.
 * Errors are logged, never thrown: the process does not stop for a webhook.
 */
import type { Store } from "~/db/store";
import { logger } from "~/utils/logger.server";
import { onEventsWritten } from "../outbox.server";
import {
  attemptDelivery,
  claimDueDeliveries,
  leaseMsFor,
  type ClaimedDelivery,
  type DeliverOptions,
} from "./delivery.server";

export interface WebhookWorkerOptions extends Omit<DeliverOptions, "limit" | "concurrency"> {
  /** Posts in flight at once (default 16). */
  maxInFlight?: number;
  /** The poll (default 1,000 ms). */
  pollMs?: number;
}

export interface WebhookWorker {
  /** Look for due deliveries now. */
  wake(): void;
  /** Stop polling and listening; resolves when the posts in flight have finished. */
  stop(): Promise<void>;
}

export function startWebhookWorker(store: Store, options: WebhookWorkerOptions): WebhookWorker {
  const maxInFlight = options.maxInFlight ?? 16;
  const now =
    typeof options.now === "number" ? () => options.now as number : (options.now ?? Date.now);
  const leaseMs = leaseMsFor(options.timeoutMs);
  const running = new Set<Promise<void>>();
  let stopped = false;
  /** The claim being written (one at a time: the room is counted before it), and a pump missed. */
  let claiming: Promise<void> | null = null;
  let pumpAgain = false;

  const pump = (): void => {
    if (stopped) return;
    if (claiming) {
      pumpAgain = true; // pumps once the claim is in
      return;
    }
    const room = maxInFlight - running.size;
    if (room <= 0) return; // a finishing post pumps again
    claiming = claimDueDeliveries(store, { now: now(), limit: room, leaseMs })
      .then(post, (error: unknown) => {
        logger.error("webhook claim failed", { error: String(error) });
      })
      .finally(() => {
        claiming = null;
        if (pumpAgain) {
          pumpAgain = false;
          setImmediate(pump);
        }
      });
  };

  const post = (claimed: ClaimedDelivery[]): void => {
    for (const item of claimed) {
      const task: Promise<void> = attemptDelivery(store, item, options)
        .then(() => undefined)
        .catch((error: unknown) =>
          logger.error("webhook delivery failed", { delivery: item.id, error: String(error) }),
        )
        .finally(() => {
          running.delete(task);
          // Let the stack unwind before the next claim.
          setImmediate(pump);
        });
      running.add(task);
    }
  };

  const timer = setInterval(pump, options.pollMs ?? 1_000);
  timer.unref();
  onEventsWritten(pump);
  setImmediate(pump);

  return {
    wake: pump,
    async stop() {
      stopped = true;
      clearInterval(timer);
      onEventsWritten(null);
      // A claim still being written starts its posts: they finish too.
      while (claiming || running.size > 0) await Promise.allSettled([claiming, ...running]);
    },
  };
}
