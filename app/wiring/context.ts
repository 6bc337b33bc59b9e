/** What boot hands each area's start function (app/wiring/boot.server.ts runs them in order). */
import type { Db } from "~/utils/db.server";

export interface BootContext {
  db: Db;
  /** PROVIDER_MODE=simulator: start the local provider simulators and point the clients at them. */
  simulators: boolean;
}
