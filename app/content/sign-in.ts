/**
 * What a refused sign-in says (merchant and operator sign-in pages, shown in the page's HTML too).
 */
export const signInRefusal = {
  /** Too many failures for the account or this client: the wait is "15 minutes" etc. */
  throttled: (wait: string) =>
    `Too many failed sign-in attempts. Please wait ${wait} and try again.`,
  /**
   * The password check queue is full (a flood of sign-ins): nothing was counted, try again soon.
   */
  busy: "Sign-in is very busy right now, so your password was not checked. Please try again in a few seconds.",
} as const;
