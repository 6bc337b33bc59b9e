/**
 * News start-up step (app/utils/boot.server.ts): in simulator mode the feed simulator serves the
 * recorded feeds and every feed is read through it (loaded with a dynamic import, so a live process
 * never loads it); the daily schedule is started when the stored auto-ingest setting is on.
 */
import { ingestOptions, readFeedsThrough } from "~/core/news/runtime.server";
import { applyAutoIngest } from "~/core/news/schedule.server";
import { getNewsSettings } from "~/core/news/settings.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import type { BootContext } from "./context";

export async function startNews(context: BootContext): Promise<void> {
  if (context.simulators && !env.NEWS_FEED_BASE_URL) {
    const { startNewsFeedSimulation } = await import("./simulators/news.server");
    const { simulator, dir } = await startNewsFeedSimulation(env.NEWS_FEED_FIXTURES_DIR);
    readFeedsThrough(simulator.baseUrl);
    logger.info("news feed simulator listening", { baseUrl: simulator.baseUrl, dir });
  }
  const settings = getNewsSettings(context.db);
  applyAutoIngest(context.db, settings.autoIngest, ingestOptions);
}
