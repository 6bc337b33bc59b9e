/** Wording of two-factor sign-in and step-up (issue 12): what happened, what to do. */
export const twoFactorText = {
  refusal: {
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
