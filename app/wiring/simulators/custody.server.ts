/**
 * Starting the custody simulator (PROVIDER_MODE=simulator only). The composition place imports this
 * module dynamically, so a live process never loads the simulator.
 */
import { startCustodySimulator, type CustodySimulator } from "~/simulators/custody/index.server";
import type { CustodyAsset } from "~/core/providers/custody/types";
import { createDbSimulatorStore } from "~/simulators/store.server";
import type { Db } from "~/utils/db.server";

export async function startCustodySimulation(
  db: Db,
  options: {
    webhookUrl: string;
    completeAt: Partial<Record<CustodyAsset, number>>;
    autoConfirmMs: number | null;
    allowedReturnOrigins: readonly string[];
  },
): Promise<CustodySimulator> {
  return startCustodySimulator({
    // Its state lives in our database, so a restart forgets nothing (like a real provider).
    store: createDbSimulatorStore(db, "custody"),
    generateApiKeyPair: true,
    ...options,
  });
}
