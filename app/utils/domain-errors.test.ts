/** The one mapping from the core's refusals to HTTP answers what pages and the API promise. */
import { describe, expect, it } from "vitest";
import { DisbursementError } from "~/core/disbursements/errors";
import { PaymentLinkError } from "~/core/payments/links.server";
import { PaymentError } from "~/core/payments/payments.server";
import { RefundError } from "~/core/refunds/errors";
import { domainErrorStatus } from "./domain-errors.server";

describe("domainErrorStatus", () => {
  it.each([
    [new DisbursementError("maker_cannot_approve", "x"), 403],
    [new DisbursementError("second_factor_required", "x"), 403],
    [new DisbursementError("not_found", "x"), 404],
    [new DisbursementError("too_many_drafts", "x"), 409],
    [new DisbursementError("rail_unavailable", "x"), 409],
    [new DisbursementError("daily_rows_exceeded", "x"), 429],
    [new RefundError("invalid_amount", "x"), 400],
    [new RefundError("amount_too_large", "x"), 422],
    [new RefundError("custody_unavailable", "x"), 503],
    [new PaymentError("x", "below_minimum"), 422],
    [new PaymentError("x", "daily_limit"), 422],
    [new PaymentError("x", "rate_unavailable"), 503],
    [new PaymentError("x", "invalid_network"), 400],
    [new PaymentLinkError("x", "not_found"), 404],
    [new PaymentLinkError("x", "invalid_amount"), 400],
  ])("%s answers %i", (error, status) => {
    expect(domainErrorStatus(error)).toBe(status);
  });
});
