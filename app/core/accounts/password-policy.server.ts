/**
 * The rules for a new password (set-password, reset, change, invitation): at least 12 and at most
 * 256 characters, not one of the most common passwords of that length (case-insensitive,
 * content/common-passwords.ts), and not containing the user's own username, e-mail address or
 * business name. No composition rules (NIST SP 800-63B): length and a blocklist do more than "one
 * digit and one symbol". Lengths count characters (Unicode code points) after NFKC, as
 * passwords.server.ts hashes them. The length and "type it again" rules also run in the browser
 * (new-password-fields.ts).
 */
import { COMMON_PASSWORDS_TEXT } from "~/content/common-passwords";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import {
  newPasswordMessages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLength,
} from "./new-password-fields";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
/** Identifiers shorter than this (after normalising) are only refused as the whole password. */
const IDENTIFIER_MIN_LENGTH = 4;

/** The refusals in English (their Kiswahili: the sign-in catalog's `newPassword`). */
export const passwordPolicyMessages = {
  tooShort: newPasswordMessages.tooShort,
  tooLong: newPasswordMessages.tooLong,
  tooCommon: signInMessages.en.newPassword.tooCommon,
  containsUsername: signInMessages.en.newPassword.containsUsername,
  containsEmail: signInMessages.en.newPassword.containsEmail,
  containsBusinessName: signInMessages.en.newPassword.containsBusinessName,
} as const;

export type PasswordCheck = { ok: true } | { ok: false; message: string };

export interface PasswordContext {
  username?: string | null;
  email?: string | null;
  businessName?: string | null;
}

let commonPasswords: Set<string> | undefined;

/** The list as a Set, built on first use and kept. */
function commonPasswordSet(): Set<string> {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split("\n"));
  return commonPasswords;
}

/** Whether the password is on the common-password list, ignoring case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswordSet().has(password.normalize("NFKC").toLowerCase());
}

/** Lower case, letters and digits only: "John.Doe" and "john doe" both become "johndoe". */
function lettersAndDigits(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

function contains(password: string, identifier: string | null | undefined): boolean {
  if (!identifier) return false;
  const needle = lettersAndDigits(identifier);
  if (!needle) return false;
  return needle.length >= IDENTIFIER_MIN_LENGTH ? password.includes(needle) : password === needle;
}

/** Checks a new password against the policy; the message is ready to show beside the field. */
export function checkNewPassword(password: string, context: PasswordContext = {}): PasswordCheck {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return { ok: false, message: passwordPolicyMessages.tooShort };
  if (length > PASSWORD_MAX_LENGTH) return { ok: false, message: passwordPolicyMessages.tooLong };
  if (isCommonPassword(password)) return { ok: false, message: passwordPolicyMessages.tooCommon };

  const comparable = lettersAndDigits(password);
  if (contains(comparable, context.username)) {
    return { ok: false, message: passwordPolicyMessages.containsUsername };
  }
  const email = context.email?.trim();
  if (email && (contains(comparable, email) || contains(comparable, email.split("@")[0]))) {
    return { ok: false, message: passwordPolicyMessages.containsEmail };
  }
  if (contains(comparable, context.businessName)) {
    return { ok: false, message: passwordPolicyMessages.containsBusinessName };
  }
  return { ok: true };
}

/**
 * A policy refusal (`checkNewPassword`'s English message) in a page's language: `m` holds the same
 * keys as `passwordPolicyMessages` (the sign-in catalog's `newPassword`). Unknown text stays as is.
 */
export function policyMessageIn(
  message: string,
  m: Readonly<Record<keyof typeof passwordPolicyMessages, string>>,
): string {
  const key = (Object.keys(passwordPolicyMessages) as (keyof typeof passwordPolicyMessages)[]).find(
    (name) => passwordPolicyMessages[name] === message,
  );
  return key ? m[key] : message;
}
