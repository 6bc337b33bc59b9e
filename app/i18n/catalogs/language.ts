import { defineMessages } from "../messages";

/** The language switch on every page. */
export const languageMessages = defineMessages(
  {
    label: "Language",
    current: "(current language)",
  },
  {
    label: "Lugha",
    current: "(lugha ya sasa)",
  },
);
