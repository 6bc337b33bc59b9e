/**
 * Starting the Africa's Talking SMS simulator (PROVIDER_MODE=simulator only). The composition place
 * imports this module dynamically, so a live process never loads the simulator. Its messages are
 * kept in the simulators' own database (ADR 0045, simulator "africastalking"); the API key is made
 * at each start and given to both ends.
 */
import { randomBytes, randomInt } from "node:crypto";
import { startAfricasTalkingSimulator } from "~/simulators/africastalking/index.server";
import { createDbSimulatorStore, type SimulatorDatabase } from "~/simulators/store.server";

export const AT_SIMULATOR_USERNAME = "sandbox";

export async function startAfricasTalkingSimulation(
  state: SimulatorDatabase,
  options: { callbackUrl: string; reportDelayMs: number },
) {
  const apiKey = `atsk_${randomBytes(24).toString("hex")}`;
  const simulator = await startAfricasTalkingSimulator({
    username: AT_SIMULATOR_USERNAME,
    apiKey,
    callbackUrl: options.callbackUrl,
    reportDelayMs: options.reportDelayMs,
    seed: randomInt(1, 2 ** 31),
    store: createDbSimulatorStore(state, "africastalking"),
  });
  return { simulator, username: AT_SIMULATOR_USERNAME, apiKey };
}
