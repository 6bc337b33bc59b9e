/**
 * The words of reports to the FRC (issue 31, item 5; ADR 0057): the operators' reports page, the
 * case page's report form and their messages. Operators only: nothing here is shown to a merchant.
 */
export const frcReportsPageTitle = "Reports to the FRC";

/** By report kind (app/core/compliance/vocabulary.ts `frcReportKinds`). */
export const frcReportKindLabels: Record<"str" | "ltr", string> = {
  str: "Suspicious transaction report",
  ltr: "Large transaction report",
};

/** By report status (`frcReportStatuses`). */
export const frcReportStatusLabels: Record<"draft" | "filed", string> = {
  draft: "Not filed yet",
  filed: "Filed",
};

export const frcReportMessages = {
  strMade: (count: number) =>
    `Suspicious transaction report made (${count} ${count === 1 ? "transaction" : "transactions"}). Download it, file it in goAML, then mark it filed.`,
  ltrMade: (count: number) =>
    `Large transaction report made (${count} ${count === 1 ? "transaction" : "transactions"}).`,
  ltrExists: "That week's large transaction report was made already.",
  ltrNone: "No transaction of USD 15,000 or more that week: there is nothing to report.",
  filed: (reference: string) => `Marked filed with FRC reference ${reference}.`,
  reasonRequired: "Say why the transactions are suspicious: the FRC reads this first",
  reasonTooLong: "Keep the reason under 8,000 characters",
  actionTooLong: "Keep the action under 8,000 characters",
  referenceRequired: "Enter the reference goAML gave the filed report",
  referenceInvalid: "Use the reference as goAML shows it: letters, digits, - / . _ (up to 100)",
  chooseReport: "Choose the report you filed",
  chooseWeek: "Choose one of the weeks listed",
} as const;
