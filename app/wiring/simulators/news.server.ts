/**
 * Starting the news-feed simulator on the recorded feeds (PROVIDER_MODE=simulator only). The
 * composition place imports this module dynamically, so a live process never loads the simulator.
 */
import path from "node:path";
import {
  findFixturesDir,
  simulatorRoutes,
  startFeedSimulator,
  type FeedSimulator,
} from "~/simulators/news/index.server";

export async function startNewsFeedSimulation(
  fixturesDir: string,
): Promise<{ simulator: FeedSimulator; dir: string }> {
  const dir = findFixturesDir(fixturesDir) ?? path.resolve(fixturesDir);
  // The recordings are from 2019 and 2025: shift them so the newest item is an hour old.
  const simulator = await startFeedSimulator({
    dir,
    routes: simulatorRoutes(dir),
    shiftDatesTo: Date.now() - 60 * 60 * 1000,
  });
  return { simulator, dir };
}
