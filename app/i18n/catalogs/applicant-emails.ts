/**
 * The decision e-mails to an applicant (issue 33), in the language the application was made in:
 * approved (merchant ID, username and the one-time link to set a password) or not approved (the
 * operator's reason, as they wrote it).
 */
import { defineMessages } from "../messages";

export const applicantEmailMessages = defineMessages(
  {
    approved: {
      subject: "Your OneHop merchant account is approved",
      text: (
        name: string,
        reference: string,
        business: string,
        merchantId: string,
        username: string,
        link: string,
        signIn: string,
      ) =>
        [
          `Hello ${name},`,
          "",
          `Your application ${reference} for ${business} is approved.`,
          "",
          `Merchant ID: ${merchantId}`,
          `Username: ${username}`,
          "",
          "Set your password with this one-time link (it expires and works once):",
          link,
          "",
          `Then sign in at ${signIn} with your merchant ID, username and password.`,
          "",
          "The OneHop team",
        ].join("\n"),
    },
    rejected: {
      subject: "Your OneHop merchant application",
      text: (name: string, reference: string, reason: string) =>
        [
          `Hello ${name},`,
          "",
          `Thank you for applying to OneHop. We are unable to approve application ${reference} at this time.`,
          "",
          `Reason: ${reason}`,
          "",
          "You are welcome to apply again once this is addressed.",
          "",
          "The OneHop team",
        ].join("\n"),
    },
  },
  {
    approved: {
      subject: "Akaunti yako ya mfanyabiashara wa OneHop imeidhinishwa",
      text: (
        name: string,
        reference: string,
        business: string,
        merchantId: string,
        username: string,
        link: string,
        signIn: string,
      ) =>
        [
          `Habari ${name},`,
          "",
          `Maombi yako ${reference} ya ${business} yameidhinishwa.`,
          "",
          `Kitambulisho cha mfanyabiashara: ${merchantId}`,
          `Jina la mtumiaji: ${username}`,
          "",
          "Weka nenosiri lako kwa kiungo hiki cha kutumia mara moja (muda wake unaisha, na kinafanya kazi mara moja tu):",
          link,
          "",
          `Kisha ingia kwenye ${signIn} kwa kitambulisho chako cha mfanyabiashara, jina la mtumiaji na nenosiri.`,
          "",
          "Timu ya OneHop",
        ].join("\n"),
    },
    rejected: {
      subject: "Maombi yako ya kuwa mfanyabiashara wa OneHop",
      text: (name: string, reference: string, reason: string) =>
        [
          `Habari ${name},`,
          "",
          `Asante kwa kutuma maombi kwa OneHop. Kwa sasa hatuwezi kuidhinisha maombi ${reference}.`,
          "",
          `Sababu: ${reason}`,
          "",
          "Karibu utume maombi tena baada ya kushughulikia jambo hili.",
          "",
          "Timu ya OneHop",
        ].join("\n"),
    },
  },
);
