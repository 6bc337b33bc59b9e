/**
 * Process start-up, run once when the server bundle is loaded (imported by entry.server): starts the
 * provider simulators when PROVIDER_MODE=simulator and the background jobs. Tests never import it.
 * Each area registers its start function in `starters` below.
 */
import { startMail } from "~/core/mail-runtime.server";
import { startPayments } from "~/core/payments/runtime.server";
import { startNews } from "~/core/news/runtime.server";
import { startRates } from "~/core/rates/runtime.server";
import { getDb, type Db } from "./db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";

export interface BootContext {
  db: Db;
  simulators: boolean;
}

type Starter = { name: string; start: (context: BootContext) => Promise<void> | void };

/** Areas add `{ name, start }` here (one line each). */
const starters: Starter[] = [
  { name: "rates", start: startRates },
  { name: "news", start: startNews },
  { name: "mail", start: startMail },
  { name: "payments", start: startPayments },
];

const state = globalThis as typeof globalThis & { __onehopBoot?: Promise<void> };

export function boot(): Promise<void> {
  state.__onehopBoot ??= (async () => {
    const context: BootContext = { db: getDb(), simulators: env.PROVIDER_MODE === "simulator" };
    for (const starter of starters) {
      try {
        await starter.start(context);
      } catch (error) {
        logger.error("boot step failed", { step: starter.name, error: error instanceof Error ? error.message : String(error) });
      }
    }
  })();
  return state.__onehopBoot;
}
