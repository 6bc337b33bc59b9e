/** A coin and its network as customers read them (issue 33): on the checkout and in the app. */
import { defineMessages } from "../messages";

export const networkMessages = defineMessages(
  {
    sendOnlyOn: (network: string) =>
      `Send only on ${network}. Coins sent on another network may be lost.`,
    coinOn: (asset: string, network: string) => `${asset} on ${network}`,
  },
  {
    sendOnlyOn: (network: string) =>
      `Tuma kwenye ${network} pekee. Sarafu zikitumwa kwenye mtandao mwingine zinaweza kupotea.`,
    coinOn: (asset: string, network: string) => `${asset} kwenye ${network}`,
  },
);
