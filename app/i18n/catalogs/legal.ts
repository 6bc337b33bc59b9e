import { defineMessages } from "../messages";

/**
 * The long-form documents' frame (terms, privacy, compliance, the blog's disclaimer) and the note
 * on pages whose text is in English only (the documents and the blog's articles, issue 33).
 */
export const legalMessages = defineMessages(
  {
    englishOnly: "This page is available in English only.",
    effective: "Effective",
    lastUpdated: "Last updated",
    contents: "Contents",
  },
  {
    englishOnly: "Ukurasa huu unapatikana kwa Kiingereza pekee.",
    effective: "Imeanza kutumika",
    lastUpdated: "Ilisasishwa mwisho",
    contents: "Yaliyomo",
  },
);
