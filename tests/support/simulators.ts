/**
 * The provider simulators, for tests that live beside core code (core modules themselves never
 * import `app/simulators/`: only the wiring in simulator mode, the simulator routes and tests do).
 */
export {
  generateRsaKeyPair,
  SimulatorError,
  startCustodySimulator,
  type CustodySimulator,
  type CustodySimulatorOptions,
  type RsaKeyPairPem,
} from "~/simulators/custody/index.server";
export {
  isValidBech32,
  multiplyDecimals,
  segwitV0Address,
} from "~/simulators/custody/values.server";
export {
  startDarajaSimulator,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
} from "~/simulators/daraja/index.server";
export {
  startMarketSimulator,
  type MarketFaultMode,
  type MarketSimulator,
} from "~/simulators/market/index.server";
export {
  shiftFeedDates,
  startFeedSimulator,
  type FeedRoute,
  type FeedSimulator,
} from "~/simulators/news/index.server";
export {
  createDbSimulatorStore,
  openSimulatorDatabase,
  simulatorDatabaseFile,
  type SimulatorDatabase,
} from "~/simulators/store.server";
export {
  AT_SIM_NUMBER_RULES,
  startAfricasTalkingSimulator,
  type AfricasTalkingSimulator,
} from "~/simulators/africastalking/index.server";
