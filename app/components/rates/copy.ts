/** Texts the spec fixes for the rates screens (spec sections 2 and 8): copy exactly. */
import * as paths from "~/utils/paths";

export const ratesCopy = {
  refresh: "Refresh",
  refreshing: "Updating...",
  unavailableTitle: "Service Unavailable",
  unavailableText: "We're currently unable to fetch exchange rates. Please try again later.",
  tryAgain: "Try Again",
  failureToast: {
    message: "Unable to fetch rates",
    description: "We're experiencing connectivity issues. Trying again...",
  },
  minimumConversionLabel: "Minimum conversion",
} as const;

/** The route every Refresh and Try Again form posts to. */
export const REFRESH_ACTION = paths.exchangeRates;
