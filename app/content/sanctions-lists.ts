/**
 * The words of the sanctions lists page (/admin/compliance/sanctions, issue 31, item 1): one place
 * for what the route and its components say.
 */
export const sanctionsPageTitle = "Sanctions lists";

export const sanctionsPageIntro =
  "The lists every name and crypto address is screened against. Each import is a snapshot; " +
  "screening uses the active one of each list. A file that cannot be read, or that has fewer " +
  "than 90% of the entries of the active snapshot, is kept as rejected and never replaces it.";

/** By snapshot status (core/compliance/vocabulary.ts: snapshotStatuses). */
export const snapshotStatusLabels = {
  active: "Active",
  superseded: "Superseded",
  rejected: "Rejected",
} as const;

/** By snapshot trigger (snapshotTriggers). */
export const snapshotTriggerLabels = {
  scheduled: "Daily fetch",
  upload: "Upload",
} as const;

/** How many of the added, removed or changed names the page lists (the counts are whole). */
export const DIFF_NAMES_SHOWN = 50;

export const uploadHint =
  "UN: the Consolidated List XML. OFAC: sdn.xml, or sdn.csv with alt.csv and sdn_comments.csv " +
  "(choose them together). At most 64 MB.";

export const uploadMessages = {
  chooseSource: "Choose the list this file is.",
  chooseFile: "Choose the list's file to upload.",
  notMultipart: "The form data could not be read. Choose the file and upload it again.",
  tooLarge: "The file is larger than 64 MB, the most an upload may be.",
  busy: "Another list is being imported: wait until it is done, then upload this one.",
} as const;
