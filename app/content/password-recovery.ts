/** What the password recovery and change pages say (shown in the page's HTML too). */
export const passwordRecovery = {
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
  changed: (sessionsEnded: number) => ({
    message: "Password changed",
    description:
      sessionsEnded === 0
        ? "You stay signed in here. No other device was signed in."
        : `You stay signed in here; ${sessionsEnded === 1 ? "1 other device was" : `${sessionsEnded} other devices were`} signed out.`,
  }),
  wrongCurrent: "That is not your current password.",
  throttledCurrent: (wait: string) =>
    `Too many wrong passwords. Please wait ${wait} and try again.`,
  busy: "We are very busy right now, so your password was not checked and nothing changed. Please try again in a few seconds.",
} as const;
