/** The settlement policy (ADR 0050) for a request: this process's store. */
import { savePolicy, storedPolicyOn } from "~/core/funding/policy.server";
import type { Store } from "~/db/store";
import { bindStore, store } from "./store.server";

export function settlementPolicy() {
  return bindStore(store(), {
    read: (on: Store, merchantId: string) => on.read((q) => storedPolicyOn(q, merchantId)),
    save: savePolicy,
  });
}
