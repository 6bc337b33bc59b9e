/**
 * Domain vocabularies live in isomorphic modules (app/core, app/content); the database schema
 * builds its enum columns from them, so the two can never drift
 * (docs/decisions/0020-import-boundaries.md).
 */
import { describe, expect, it } from "vitest";
import {
  merchantApplications,
  newsArticles,
  operators,
  payments,
  settlementTransfers,
} from "../drizzle/schema";
import { articleCategories, articleStatuses } from "~/content/articles/types";
import { applicationStatuses } from "~/core/merchants/application-statuses";
import { operatorRoles } from "~/core/operator-roles";
import { paymentStatuses, transferStatuses } from "~/core/payments/statuses";

describe("the schema's enum columns take their values from the vocabularies", () => {
  it.each([
    ["payments.status", payments.status.enumValues, paymentStatuses],
    ["settlement_transfers.status", settlementTransfers.status.enumValues, transferStatuses],
    ["merchant_applications.status", merchantApplications.status.enumValues, applicationStatuses],
    ["operators.role", operators.role.enumValues, operatorRoles],
    ["news_articles.status", newsArticles.status.enumValues, articleStatuses],
    ["news_articles.category", newsArticles.category.enumValues, articleCategories],
  ])("%s", (_column, columnValues, vocabulary) => {
    expect([...columnValues]).toEqual([...vocabulary]);
  });
});
