import { defineMessages } from "../messages";

/** The member's language choice on their security page (issue 33). */
export const memberLanguageMessages = defineMessages(
  {
    title: "Language",
    intro:
      "The language of the app when you are signed in, and of the e-mails and SMS we send you.",
    notChosen: "Not chosen yet: the app follows your browser and messages are in English.",
    save: "Save Language",
    saving: "Saving...",
    saved: "Language saved",
    savedDescription: "The app, your e-mails and your SMS are now in English.",
    invalid: "Choose English or Kiswahili.",
  },
  {
    title: "Lugha",
    intro: "Lugha ya programu ukiwa umeingia, na ya barua pepe na SMS tunazokutumia.",
    notChosen:
      "Bado hujachagua: programu inafuata kivinjari chako na ujumbe unatumwa kwa Kiingereza.",
    save: "Hifadhi Lugha",
    saving: "Inahifadhi...",
    saved: "Lugha imehifadhiwa",
    savedDescription: "Programu, barua pepe zako na SMS zako sasa ziko kwa Kiswahili.",
    invalid: "Chagua Kiingereza au Kiswahili.",
  },
);
