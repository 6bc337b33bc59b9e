/**
 * Passwords on the store (ADR 0041): the set-password link of a new merchant user and the "Forgot
 * password?" reset link, for the set-password, forgot and reset pages.
 */
import {
  findPasswordResetTarget,
  requestPasswordReset,
  resetPasswordWithToken,
} from "~/core/accounts/password-reset.server";
import {
  lookupSetPasswordToken,
  setPasswordWithToken,
} from "~/core/merchants/passwords-links.server";
import { bindStore, store } from "./store.server";

export function passwords() {
  return bindStore(store(), {
    lookupSetPasswordToken,
    setPasswordWithToken,
    requestPasswordReset,
    findPasswordResetTarget,
    resetPasswordWithToken,
  });
}
