/**
 * The merchant statements service (ADR 0041): a statement for a period (the page, the CSV) and the
 * printable one with the business it is for (app/core/statements/statement.server), on the
 * process's store.
 */
import { readPrintableStatement, readStatement } from "~/core/statements/statement.server";
import { bindStore, store } from "./store.server";

export function statements() {
  return bindStore(store(), {
    read: readStatement,
    printable: readPrintableStatement,
  });
}
