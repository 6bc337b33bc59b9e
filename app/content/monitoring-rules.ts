/** The monitoring rules page's words (issue 31, item 3; ADR 0056). */
export const monitoringPage = {
  title: "Monitoring rules",
  intro:
    "Automated rules read recent payments, payouts and refunds and flag unusual patterns. Each alert opens a case (or joins the open case of the same rule and subject); the same pattern is never raised twice. Every change here is audited.",
  rulesHeading: "Rules",
  alertsHeading: "Recent alerts",
  noAlerts: "No alerts yet.",
  runHeading: "Run the rules now",
  runHint: "The rules that are on read their windows now, as the schedule does.",
  saved: (title: string) => `Saved: ${title}.`,
  unchanged: (title: string) => `No change: ${title}.`,
  notSaved: "Not saved",
  unknownRule: "Choose a rule to save.",
  ran: (alerts: number) =>
    alerts === 0
      ? "Rules run: no new alerts."
      : `Rules run: ${alerts} new alert${alerts === 1 ? "" : "s"}.`,
} as const;
