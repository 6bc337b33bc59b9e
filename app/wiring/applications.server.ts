/**
 * The merchant applications service (ADR 0041): submitting, listing and reviewing applications
 * (app/core/merchants/applications.server), their KYB documents (app/core/kyb/documents.server) and
 * their audit, on the process's store.
 */
import { auditTrail } from "~/core/audit.server";
import { getApplicationDocument, listApplicationDocuments } from "~/core/kyb/documents.server";
import {
  approveApplication,
  countApplicationsByStatus,
  getApplication,
  listApplications,
  rejectApplication,
  submitApplication,
} from "~/core/merchants/applications.server";
import { bindStore, store } from "./store.server";

export function applications() {
  return bindStore(store(), {
    submit: submitApplication,
    list: listApplications,
    countByStatus: countApplicationsByStatus,
    get: getApplication,
    approve: approveApplication,
    reject: rejectApplication,
    documents: listApplicationDocuments,
    document: getApplicationDocument,
    auditTrail,
  });
}
