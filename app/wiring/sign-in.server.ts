/**
 * Sign-in and account security on the store (ADR 0041): the operator's password sign-in, two-factor
 * sign-in (the second step, step-up, set-up, recovery codes, turning it off) and the password
 * change, for their routes and route support. The merchant's password sign-in runs in
 * utils/auth.server's FormStrategy, on the process's store.
 */
import { changePassword } from "~/core/accounts/password-change.server";
import {
  checkSecondFactor,
  confirmEnrolment,
  confirmPassword,
  enrolmentSecret,
  regenerateRecoveryCodes,
  turnOffTwoFactor,
  twoFactorStatus,
} from "~/core/accounts/two-factor.server";
import { signInOperator } from "~/core/operators.server";
import { bindStore, store } from "./store.server";

/** Password checks: the operator's sign-in and the signed-in account's password change. */
export function signIn() {
  return bindStore(store(), { signInOperator, changePassword });
}

/** Two-factor sign-in of a merchant member or an operator. */
export function twoFactor() {
  return bindStore(store(), {
    status: twoFactorStatus,
    enrolmentSecret,
    confirmEnrolment,
    checkSecondFactor,
    confirmPassword,
    turnOff: turnOffTwoFactor,
    regenerateRecoveryCodes,
  });
}
