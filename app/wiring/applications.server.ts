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
import {
  approveApplication,
  countApplicationsByStatus,
  getApplication,
  getApplicationByReference,
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
    getByReference: getApplicationByReference,
    approve: approveApplication,
    reject: rejectApplication,
    documents: listApplicationDocuments,
    document: getApplicationDocument,
    auditTrail,
    duplicates: findDuplicates,
    operatorNames,
  });
}
