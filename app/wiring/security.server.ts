/**
 * Sign-in, sessions and account security on the store (ADR 0041): the services the security pages
 * and their route support call, and the member's e-mail choices and language.
 */
import {
  getNotificationChoices,
  setNotificationChoices,
} from "~/core/accounts/notifications.server";
import { getMemberLanguage, setMemberLanguage } from "~/core/accounts/member-language.server";
import { recentSecurityEvents } from "~/core/accounts/security-events.server";
import {
  endAllOtherSessions,
  endOtherSession,
  listActiveSessions,
} from "~/core/accounts/sessions.server";
import { bindStore, store } from "./store.server";

/** The account's sessions and security events (the security pages). */
export function security() {
  return bindStore(store(), {
    listActiveSessions,
    endOtherSession,
    endAllOtherSessions,
    recentSecurityEvents,
    getNotificationChoices,
    setNotificationChoices,
    getMemberLanguage,
    setMemberLanguage,
  });
}
