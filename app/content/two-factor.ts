/**
 * Wording of two-factor sign-in and step-up (issue 12): what happened, what to do. The refusals
 * are a catalog (issue 33): the merchant's second sign-in step answers in the request's language;
 * `twoFactorText` is the English, as the operator console and Settings show it.
 */
import { defineMessages } from "~/i18n/messages";

export const twoFactorRefusalMessages = defineMessages(
  {
    format: "Enter the 6 digits your authenticator app shows, or a recovery code (xxxx-xxxx-xxxx).",
    wrong: "That code is not right. Check your authenticator app and try again.",
    replayed: "That code was already used. Wait for the next code in your app and enter that one.",
    used: "That recovery code was already used. Each recovery code works once: use another one.",
    notEnabled: "Two-factor sign-in is not set up for this account.",
    throttled: (wait: string) =>
      `Too many wrong codes. For your security, try again in ${wait}, or contact support.`,
    busy: "We are busy checking sign-ins. Please try again in a moment.",
    wrongPassword: "That password is not right.",
  },
  {
    format:
      "Weka tarakimu 6 zinazoonyeshwa na programu yako ya uthibitishaji, au msimbo wa dharura (xxxx-xxxx-xxxx).",
    wrong: "Msimbo huo si sahihi. Angalia programu yako ya uthibitishaji kisha ujaribu tena.",
    replayed:
      "Msimbo huo umeshatumika. Subiri msimbo unaofuata kwenye programu yako kisha uweke huo.",
    used: "Msimbo huo wa dharura umeshatumika. Kila msimbo wa dharura unatumika mara moja: tumia mwingine.",
    notEnabled: "Uthibitishaji wa hatua mbili haujawekwa kwa akaunti hii.",
    throttled: (wait: string) =>
      `Misimbo mingi mno isiyo sahihi. Kwa usalama wako, jaribu tena baada ya ${wait}, au wasiliana na msaada.`,
    busy: "Tuna shughuli nyingi ya kukagua wanaoingia. Jaribu tena baada ya muda mfupi.",
    wrongPassword: "Nenosiri hilo si sahihi.",
  },
);

export const twoFactorText = {
  refusal: twoFactorRefusalMessages.en,
  requiredForMerchant:
    "Your business asks every team member to use two-factor sign-in. Set it up to continue to your dashboard.",
  requiredForOperator:
    "Operators must use two-factor sign-in. Set it up to continue to the console.",
  enabled: { message: "Two-Factor Sign-In On", description: "Keep your recovery codes safe." },
  disabled: { message: "Two-Factor Sign-In Off" },
  regenerated: {
    message: "New Recovery Codes",
    description: "Your old recovery codes no longer work.",
  },
  confirmed: { message: "Confirmed" },
} as const;
