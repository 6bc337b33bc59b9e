/** A merchant's data requests (issue 31, item 9; ADR 0060) for a request: this process's store. */
import { exportCsvChunks, exportJsonChunks } from "~/core/retention/export.server";
import {
  eraseMerchantData,
  listDataRequests,
  recordExport,
  retentionState,
} from "~/core/retention/requests.server";
import { bindStore, store } from "./store.server";

export function dataRequests() {
  return bindStore(store(), {
    list: listDataRequests,
    retention: retentionState,
    recordExport,
    erase: eraseMerchantData,
    jsonChunks: exportJsonChunks,
    csvChunks: exportCsvChunks,
  });
}
