/**
 * The team service (ADR 0041): a merchant's members and invitations (app/core/accounts/team.server)
 * on the process's store, for the team page and the invitation page. A member who joins is
 * screened by the full name they gave, with the rest of the merchant (issue 31, item 2).
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
import { screenMerchantAfterChange } from "./compliance.server";
import { bindStore, store } from "./store.server";

/** Accept, then screen the merchant with its new member; best effort (list changes screen too). */
async function acceptAndScreen(input: Parameters<typeof acceptInvitation>[1]) {
  const result = await acceptInvitation(store(), input);
  if (result.ok) await screenMerchantAfterChange(result.merchantId, "team");
  return result;
}

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
  });
}

/** The invitation page's accept: the member joins and is screened. */
export function teamInvitations() {
  return { acceptInvitation: acceptAndScreen };
}
