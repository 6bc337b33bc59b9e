/** What boot hands each area's start function (app/wiring/boot.server.ts runs them in order). */
import type { Store } from "~/db/store";

export interface BootContext {
  /** The process's store (ADR 0041). */
  store: Store;
  /** PROVIDER_MODE=simulator: start the local provider simulators and point the clients at them. */
  simulators: boolean;
}
