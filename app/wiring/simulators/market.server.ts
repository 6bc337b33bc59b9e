/**
 * Starting the market-data simulator (CoinGecko and FX; PROVIDER_MODE=simulator only). The
 * composition place imports this module dynamically, so a live process never loads the simulator.
 */
import { startMarketSimulator, type MarketSimulator } from "~/simulators/market/index.server";

export function startMarketSimulation(): Promise<MarketSimulator> {
  return startMarketSimulator();
}
