/**
 * The settlement destinations service (ADR 0041): the merchant's payout destinations and the
 * owner's changes to them (app/core/destinations/destinations.server), on the process's store.
 * Verifying a destination reaches a provider: that goes through the payments service.
 */
import {
  addDestination,
  answerRegisteredName,
  destinationSettings,
  makeDefaultDestination,
  readDestination,
  readDestinations,
  removeDestination,
  setSplitRules,
} from "~/core/destinations/destinations.server";
import { bindStore, store } from "./store.server";

export function destinations() {
  return bindStore(store(), {
    settings: destinationSettings,
    list: readDestinations,
    get: readDestination,
    add: addDestination,
    answerName: answerRegisteredName,
    makeDefault: makeDefaultDestination,
    remove: removeDestination,
    setSplits: setSplitRules,
  });
}
