/**
 * Sanctions lists in the running app (issue 31, item 1; ADR 0054): the daily import of the lists
 * whose URLs are set (SANCTIONS_UN_URL, SANCTIONS_OFAC_URL or SANCTIONS_OFAC_CSV_BASE_URL), and the
 * service the operators' page reads and uploads through. What happens once a list changed
 * (re-screening) hooks on with `whenSanctionsListChanged`.
 */
import { importSanctionsList } from "~/core/compliance/sanctions/import.server";
import type { ListFile } from "~/core/compliance/sanctions/read-list";
import {
  lastScheduledRuns,
  SANCTIONS_SCHEDULE_LABEL,
  scheduleSanctionsImports,
  scheduledSources,
  type ScheduledImportConfig,
} from "~/core/compliance/sanctions/schedule.server";
import { listSnapshots } from "~/core/compliance/sanctions/snapshots.server";
import type { SanctionsSource } from "~/core/compliance/vocabulary";
import { env } from "~/utils/env.server";
import { heavySlots } from "~/utils/heavy-work.server";
import { logger } from "~/utils/logger.server";
import type { BootContext } from "./context";
import { rescreenAfterListChange } from "./compliance.server";
import { store } from "./store.server";

type ListChanged = (snapshotId: string) => Promise<void> | void;
const state = globalThis as typeof globalThis & { __onehopSanctionsHooks?: ListChanged[] };
const hooks = () => (state.__onehopSanctionsHooks ??= []);

/** Run `hook` after every import that makes a new snapshot active (e.g. re-screening). */
export function whenSanctionsListChanged(hook: ListChanged): void {
  if (!hooks().includes(hook)) hooks().push(hook);
}

async function listChanged(snapshotId: string): Promise<void> {
  for (const hook of hooks()) await hook(snapshotId);
}

/** Where the lists are fetched from and how, from the settings. */
export function sanctionsConfig(): ScheduledImportConfig {
  return {
    locations: {
      un: env.SANCTIONS_UN_URL ?? null,
      ofac: env.SANCTIONS_OFAC_URL ?? null,
      ofacCsvBase: env.SANCTIONS_OFAC_CSV_BASE_URL ?? null,
    },
    download: { timeoutMs: env.SANCTIONS_FETCH_TIMEOUT_MS, maxBytes: env.SANCTIONS_MAX_BYTES },
    onListChanged: listChanged,
  };
}

/** One upload imported at a time in this process: a 28 MB list parsed twice at once is memory. */
const importSlots = heavySlots(1);

/** The operators' page: the snapshots, the schedule, and "Import now" with a file. */
export function sanctionsLists() {
  const on = store();
  return {
    listSnapshots: () => listSnapshots(on),
    /** Each list's last daily fetch that did something (a failed download shows only here). */
    lastScheduledRuns: () => lastScheduledRuns(on),
    /** The sources fetched daily, and when. */
    schedule: () => ({
      sources: scheduledSources(sanctionsConfig().locations),
      label: SANCTIONS_SCHEDULE_LABEL,
    }),
    /** A slot for one upload's import (its release), or null while another one runs. */
    takeImportSlot: () => importSlots.take("sanctions upload"),
    importUpload: (input: { source: SanctionsSource; files: ListFile[]; operatorId: string }) =>
      importSanctionsList(on, {
        source: input.source,
        files: input.files,
        trigger: "upload",
        origin: input.files.map((file) => file.name).join(", "),
        operatorId: input.operatorId,
        onListChanged: listChanged,
      }),
  };
}

/** The import does not wait for the screening it starts. */
const rescreenInBackground = () => {
  void rescreenAfterListChange();
};

export function startSanctions(context: BootContext): void {
  // Every import that makes a list active screens the parties we deal with again (ADR 0055).
  whenSanctionsListChanged(rescreenInBackground);
  if (scheduleSanctionsImports(context.store, sanctionsConfig))
    logger.info("sanctions lists: daily import scheduled", {
      sources: scheduledSources(sanctionsConfig().locations),
    });
}
