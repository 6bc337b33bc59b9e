/**
 * Reports to the FRC on the process's store (issue 31, item 5; ADR 0057): the officers' pages
 * (a case's suspicious transaction report, the reports list, download, "Mark filed", a week's
 * large transaction report now) and the weekly job.
 */
import {
  listReports,
  makeLargeTransactionReport,
  makeSuspiciousTransactionReport,
  markReportFiled,
  readReport,
  reportsForCase,
} from "~/core/compliance/reports/reports.server";
import { scheduleWeeklyLargeTransactionReport } from "~/core/compliance/reports/weekly.server";
import type { BootContext } from "./context";
import { bindStore, store } from "./store.server";

export function frcReports() {
  return bindStore(store(), {
    listReports,
    readReport,
    reportsForCase,
    makeSuspiciousTransactionReport,
    makeLargeTransactionReport,
    markReportFiled,
  });
}

export function startFrcReports(context: BootContext): void {
  scheduleWeeklyLargeTransactionReport(context.store);
}
