/**
 * The merchant applications service (ADR 0041): submitting, listing and reviewing applications
 * (app/core/merchants/applications.server), their KYB documents (app/core/kyb/documents.server),
 * their possible duplicates (app/core/merchants/application-duplicates.server) and their audit with
 * the operators' names, on the process's store.
 */
import { auditTrail } from "~/core/audit.server";
import { findDuplicates } from "~/core/merchants/application-duplicates.server";
import { operatorNames } from "~/core/operators.server";
import { getApplicationDocument, listApplicationDocuments } from "~/core/kyb/documents.server";
import { listParties } from "~/core/kyb/parties.server";
import {
  approveApplication,
  countApplicationsByStatus,
  getApplication,
  getApplicationByReference,
  listApplications,
  rejectApplication,
  submitApplication,
} from "~/core/merchants/applications.server";
import { screenApplication } from "~/core/compliance/screening/parties.server";
import { raiseApplicationPepScrutiny } from "~/core/kyb/pep.server";
import { logger } from "~/utils/logger.server";
import { bindStore, store } from "./store.server";

/**
 * Submit, then screen the business and the applicant against the sanctions lists (ADR 0055). The
 * screening is best effort here (approval screens again): a failure is logged, the application
 * stays submitted.
 */
async function submitAndScreen(...args: Parameters<typeof submitApplication>) {
  const [on] = args;
  const result = await submitApplication(...args);
  if (result.ok) {
    await screenApplication(on, result.id, "application", Date.now()).catch((error: unknown) =>
      logger.error("screening a new application failed", {
        applicationId: result.id,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    // A declared PEP: enhanced review, the application held until it is cleared (ADR 0058).
    await raiseApplicationPepScrutiny(on, result.id, Date.now()).catch((error: unknown) =>
      logger.error("opening a PEP review failed", {
        applicationId: result.id,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  return result;
}

/** Screen again (lists change), then approve: a hit holds the application and approval refuses. */
async function screenAndApprove(...args: Parameters<typeof approveApplication>) {
  const [on, input] = args;
  await screenApplication(on, input.applicationId, "application", input.now ?? Date.now());
  await raiseApplicationPepScrutiny(on, input.applicationId, input.now ?? Date.now());
  return approveApplication(...args);
}

export function applications() {
  return bindStore(store(), {
    submit: submitAndScreen,
    list: listApplications,
    countByStatus: countApplicationsByStatus,
    get: getApplication,
    getByReference: getApplicationByReference,
    approve: screenAndApprove,
    reject: rejectApplication,
    documents: listApplicationDocuments,
    parties: listParties,
    document: getApplicationDocument,
    auditTrail,
    duplicates: findDuplicates,
    operatorNames,
  });
}
