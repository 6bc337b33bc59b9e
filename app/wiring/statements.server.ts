/**
 * The merchant statements service (ADR 0041): a statement for a period (the page; the CSV's in
 * pages) and the printable one with the business it is for (app/core/statements/statement.server),
 * on the process's store.
 */
import {
  readPrintableStatement,
  readStatement,
  readStatementPages,
} from "~/core/statements/statement.server";
import { bindStore, store } from "./store.server";

export function statements() {
  return bindStore(store(), {
    read: readStatement,
    /** The CSV's: the figures, then the lines a page at a time. */
    pages: readStatementPages,
    printable: readPrintableStatement,
  });
}
