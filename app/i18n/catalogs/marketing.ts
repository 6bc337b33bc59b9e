import { defineMessages } from "../messages";

/** The marketing pages' components (app/components/marketing): their own fixed words. */
export const marketingMessages = defineMessages(
  {
    /** Read before a step's number by screen readers: "Step 1". */
    step: "Step",
    /** After the number: "Step 1 of 5". */
    ofTotal: (total: number) => `of ${total}`,
    steps: "Steps",
    useCases: "Use cases",
    perTransaction: "per transaction",
  },
  {
    step: "Hatua",
    ofTotal: (total) => `kati ya ${total}`,
    steps: "Hatua",
    useCases: "Matumizi ya kawaida",
    perTransaction: "kwa kila muamala",
  },
);
