/**
 * The team service (ADR 0041): a merchant's members and invitations (app/core/accounts/team.server)
 * on the process's store, for the team page and the invitation page.
 */
import {
  acceptInvitation,
  changeMemberRole,
  inviteMember,
  listPendingInvitations,
  lookupInvitation,
  reactivateMember,
  removeMember,
  revokeInvitation,
  setRequireTwoFactor,
  suspendMember,
  teamMembers,
} from "~/core/accounts/team.server";
import { bindStore, store } from "./store.server";

export function team() {
  return bindStore(store(), {
    members: teamMembers,
    pendingInvitations: listPendingInvitations,
    invite: inviteMember,
    revokeInvitation,
    changeRole: changeMemberRole,
    suspend: suspendMember,
    reactivate: reactivateMember,
    remove: removeMember,
    setRequireTwoFactor,
    lookupInvitation,
    acceptInvitation,
  });
}
