/**
 * What a refused sign-in says (merchant and operator sign-in pages, shown in the page's HTML too).
 * A catalog (issue 33): the merchant sign-in answers in the request's language; `signInRefusal`
 * is the English, as the operator console shows it.
 */
import { defineMessages } from "~/i18n/messages";

export const signInRefusalMessages = defineMessages(
  {
    /** Too many failures for the account or this client: the wait is "15 minutes" etc. */
    throttled: (wait: string) =>
      `Too many failed sign-in attempts. Please wait ${wait} and try again.`,
    /**
     * The password check queue is full (a flood of sign-ins): nothing was counted, try again soon.
     */
    busy: "Sign-in is very busy right now, so your password was not checked. Please try again in a few seconds.",
  },
  {
    throttled: (wait: string) =>
      `Umejaribu kuingia mara nyingi bila mafanikio. Subiri ${wait} kisha ujaribu tena.`,
    busy: "Kuna watu wengi wanaoingia sasa hivi, kwa hivyo nenosiri lako halijakaguliwa. Jaribu tena baada ya sekunde chache.",
  },
);

export const signInRefusal = signInRefusalMessages.en;
