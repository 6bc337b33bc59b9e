/**
 * The toast and panel texts of the spec's error catalogue (section 8): copied exactly, used
 * everywhere.
 */

export const messages = {
  termsRequired: {
    message: "Terms Required",
    description: "Please agree to the terms and conditions to continue.",
  },
  applicationSubmitted: {
    message: "Application Submitted!",
    description: "We'll review your application and get back to you within 24 hours.",
  },
  submissionFailed: {
    message: "Submission Failed",
    description: "There was an error submitting your application. Please try again.",
  },
  signInFailed: {
    message: "Sign In Failed",
    description: "Invalid credentials. Please check your Merchant ID, Username, and Password.",
  },
  signInError: {
    message: "Sign In Error",
    description: "An error occurred during sign in. Please try again.",
  },
  sessionExpired: { message: "Session Expired", description: "Please sign in again for security." },
  signedOut: { message: "Signed Out" },
  /** A team member's role does not allow the page or action (403). */
  forbiddenForRole: "Your role does not allow this. Ask your account owner if you need it.",
  ratesFailed: {
    message: "Unable to fetch rates",
    description: "We're experiencing connectivity issues. Trying again...",
  },
  ratesUnavailablePanel: "We're currently unable to fetch exchange rates. Please try again later.",
  newsFailed: {
    message: "Error",
    description: "Failed to fetch and curate news. Please try again.",
  },
  newsComplete: { message: "News Curation Complete" },
} as const;

export type ToastText = { message: string; description?: string };
