/** A merchant's business details (its KRA PIN) for a request: this process's store. */
import { kraPinOf, setKraPin } from "~/core/merchants/business-details.server";
import { bindStore, store } from "./store.server";

export function businessDetails() {
  return bindStore(store(), { kraPin: kraPinOf, setKraPin });
}
