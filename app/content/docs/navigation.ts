/** The documentation's side navigation (issue 13, item 5): one entry per page under /docs. */
import * as paths from "~/utils/paths";

export const docsNav: readonly { label: string; to: string }[] = [
  { label: "Overview", to: paths.docs },
  { label: "Quickstart", to: paths.docsQuickstart },
  { label: "API reference", to: paths.docsReference },
  { label: "Webhooks", to: paths.docsWebhooks },
  { label: "Test mode", to: paths.docsTestMode },
];
