/**
 * What the password recovery and change pages say (shown in the page's HTML too). The recovery
 * texts are a catalog (issue 33): merchant pages answer in the request's language;
 * `passwordRecovery` is the English, as the operator console and Settings show it.
 */
import { defineMessages } from "~/i18n/messages";

export const passwordRecoveryMessages = defineMessages(
  {
    /** The one answer to "Forgot password?", whether or not the account exists. */
    linkSent:
      "If an account matches, we have sent a link to its e-mail address. It works for 1 hour.",
    linkSentTitle: "Check your e-mail",
    throttled: (wait: string) =>
      `Too many reset requests. Please wait ${wait} and try again. Links already sent still work.`,
    invalidLinkTitle: "This link cannot be used",
    invalidLink:
      "Password reset links work once and for 1 hour. This one is used, expired or incomplete. Ask for a new one.",
    resetDone: {
      message: "Password changed",
      description:
        "Every device signed in to your account was signed out. Sign in with your new password.",
    },
    wrongCurrent: "That is not your current password.",
    throttledCurrent: (wait: string) =>
      `Too many wrong passwords. Please wait ${wait} and try again.`,
    busy: "We are very busy right now, so your password was not checked and nothing changed. Please try again in a few seconds.",
  },
  {
    linkSent:
      "Ikiwa akaunti inalingana, tumetuma kiungo kwa barua pepe yake. Kinafanya kazi kwa saa 1.",
    linkSentTitle: "Angalia barua pepe yako",
    throttled: (wait: string) =>
      `Maombi mengi mno ya kubadilisha nenosiri. Subiri ${wait} kisha ujaribu tena. Viungo vilivyokwisha tumwa bado vinafanya kazi.`,
    invalidLinkTitle: "Kiungo hiki hakiwezi kutumika",
    invalidLink:
      "Kiungo cha kubadilisha nenosiri kinatumika mara moja tu na kwa saa 1. Hiki kimeshatumika, muda wake umeisha au hakijakamilika. Omba kipya.",
    resetDone: {
      message: "Nenosiri limebadilishwa",
      description:
        "Vifaa vyote vilivyoingia kwenye akaunti yako vimetolewa. Ingia kwa nenosiri lako jipya.",
    },
    wrongCurrent: "Hilo si nenosiri lako la sasa.",
    throttledCurrent: (wait: string) =>
      `Manenosiri mengi mno yasiyo sahihi. Subiri ${wait} kisha ujaribu tena.`,
    busy: "Tuna shughuli nyingi sasa hivi, kwa hivyo nenosiri lako halijakaguliwa na hakuna kilichobadilika. Jaribu tena baada ya sekunde chache.",
  },
);

export const passwordRecovery = {
  ...passwordRecoveryMessages.en,
  changed: (sessionsEnded: number) => ({
    message: "Password changed",
    description:
      sessionsEnded === 0
        ? "You stay signed in here. No other device was signed in."
        : `You stay signed in here; ${sessionsEnded === 1 ? "1 other device was" : `${sessionsEnded} other devices were`} signed out.`,
  }),
} as const;
