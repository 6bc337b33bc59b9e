/**
 * What a payment's own merchant reads on its checkout (issue 33): what they receive, in the page's
 * language. Drawn on the server only (the checkout ships no React bundle).
 */
import { defineMessages } from "../messages";

export const merchantViewMessages = defineMessages(
  {
    paid: (payout: string, transfers: number, charges: string) =>
      `You receive ${payout} on M-Pesa after the M-Pesa charge${transfers > 1 ? "s" : ""} of ${charges}.`,
    scheduled: (net: string, schedule: string) => `You receive ${net}. ${schedule}`,
    estimate: (sentence: string) => `You receive ${sentence}.`,
  },
  {
    paid: (payout: string, transfers: number, charges: string) =>
      `Unapokea ${payout} kwenye M-Pesa baada ya ${transfers > 1 ? "gharama za M-Pesa" : "gharama ya M-Pesa"} ya ${charges}.`,
    scheduled: (net: string, schedule: string) => `Unapokea ${net}. ${schedule}`,
    estimate: (sentence: string) => `Unapokea ${sentence}.`,
  },
);
