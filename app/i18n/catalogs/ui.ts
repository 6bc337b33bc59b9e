/**
 * The shared UI's own words (app/components/ui): defaults a caller may replace with its own label.
 * The operator console draws them in English. An external link's words are the shell's
 * (`linkMessages` in ./shell.ts): every page has one, and these go only with forms and tables.
 */
import { defineMessages } from "../messages";

export const uiMessages = defineMessages(
  {
    errorSummary: {
      one: (subject: string) => `There is a problem with ${subject}`,
      many: (count: number, subject: string) => `There are ${count} problems with ${subject}`,
    },
    copy: {
      copied: "Copied",
      /** For screen readers: "API key copied". */
      done: (what: string) => `${what} copied`,
      failed: (what: string) =>
        `Could not copy: select the ${String(what).toLowerCase()} and copy it`,
    },
    dateEat: "Date (EAT)",
    honeypot: "Leave this field empty",
  },
  {
    errorSummary: {
      one: (subject: string) => `Kuna tatizo kwenye ${subject}`,
      many: (count: number, subject: string) => `Kuna matatizo ${count} kwenye ${subject}`,
    },
    copy: {
      copied: "Imenakiliwa",
      done: (what: string) => `${what}: imenakiliwa`,
      failed: (what: string) =>
        `Imeshindikana kunakili: chagua ${String(what).toLowerCase()} kisha unakili`,
    },
    dateEat: "Tarehe (EAT)",
    honeypot: "Acha sehemu hii wazi",
  },
);
