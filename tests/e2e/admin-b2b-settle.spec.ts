/**
 * Issue 15, item 1 (ADR 0035, "B2B"): an M-Pesa B2B payout sent with no Result is a finding on the
 * reconciliation page, and an admin settles it by hand after checking M-Pesa's portal, with and
 * without JavaScript. A payout, its transfer (sent, no answer) and the finding are written into the
 * e2e database the way the payments run and the nightly job write them. A receipt that is not one
 * is refused at its field; a good one pays the row, resolves the finding and says so.
 */
import { expect, test, type TestInfo } from "@playwright/test";
import { signInAsOperator } from "./auth";
import { createTestMerchant, withE2eDatabase } from "./db";
import { expectAccessible, expectJsState, expectToast } from "./helpers";

const RECEIPT_FORMAT = "An M-Pesa receipt is 10 letters and digits, like TKQ8AB12CD";

/** One single payout to a Paybill, its transfer sent with no Result, and the finding about it. */
async function seedUnansweredPayout(testInfo: TestInfo) {
  const { merchantId } = await createTestMerchant();
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`.replace(/[^a-z0-9]/g, "");
  const ids = {
    batch: `dsb_e2e${tag}`,
    row: `dsr_e2e${tag}`,
    transfer: `trf_e2e${tag}`,
    finding: `rcf_e2eb${tag}`,
    run: `rcn_e2eb${tag}`,
  };
  const label = `M-Pesa B2B ${ids.transfer} to Paybill 247247, account INV-${tag}: no Result`;
  const now = Date.now();
  const sentAt = now - 2 * 3_600_000;
  withE2eDatabase((db) => {
    db.prepare(
      "insert into disbursement_batches (id, merchant_id, mode, kind, status, title, sms_receipts, created_by, submitted_at, decided_by, decided_at, reserved_kes_cents, created_at, updated_at) values (?, ?, 'live', 'single', 'processing', 'Rent', 0, 'usr_e2e', ?, 'usr_e2e', ?, 101200, ?, ?)",
    ).run(ids.batch, merchantId, sentAt, sentAt, sentAt, sentAt);
    db.prepare(
      "insert into disbursement_rows (id, batch_id, line, raw_recipient, raw_rail, raw_amount, raw_reference, raw_name, raw_bank_code, raw_account, status, rail, amount_kes_cents, fee_kes_cents, rail_charge_kes_cents, reference, name_check, transfer_id, b2b_kind, business_number, account_reference, updated_at) values (?, ?, 1, '247247', 'paybill', '1000', 'Rent', '', '', ?, 'sent', 'mpesa', 100000, 1200, 900, 'Rent', 'not_offered', ?, 'paybill', '247247', ?, ?)",
    ).run(ids.row, ids.batch, `INV-${tag}`, ids.transfer, `INV-${tag}`, sentAt);
    db.prepare(
      "insert into settlement_transfers (id, merchant_id, payment_id, sequence, purpose, rail, phone, amount_kes_cents, fee_kes_cents, rail_charge_kes_cents, status, settlement_day, attempts, created_at, updated_at, sent_at, disbursement_row_id) values (?, ?, null, 0, 'disbursement', 'mpesa', null, 100000, 1200, 900, 'sent', '2026-11-26', 1, ?, ?, ?, ?)",
    ).run(ids.transfer, merchantId, sentAt, sentAt, sentAt, ids.row);
    db.prepare(
      "insert into reconciliation_runs (id, day, status, started_at, finished_at, checked, findings_count, error) values (?, '2026-11-26', 'completed', ?, ?, ?, 1, null)",
    ).run(ids.run, now, now + 1_000, JSON.stringify({ rails: 4, assets: 4, transfers: 1 }));
    db.prepare(
      "insert into reconciliation_findings (id, run_id, kind, book, subject, subject_label, currency, expected, actual, difference, evidence, status, created_at) values (?, ?, 'transfer_state', 'live', ?, ?, 'KES', '100000', 'unknown', 'unknown', ?, 'open', ?)",
    ).run(
      ids.finding,
      ids.run,
      ids.transfer,
      label,
      JSON.stringify({
        problem: "M-Pesa B2B payment sent with no Result",
        b2b: { kind: "paybill", businessNumber: "247247", accountReference: `INV-${tag}` },
        disbursementRowId: ids.row,
        batchId: ids.batch,
        merchantId,
      }),
      now,
    );
  });
  return { ids, label };
}

function rowOf(rowId: string) {
  return withE2eDatabase(
    (db) =>
      db.prepare("select status, receipt from disbursement_rows where id = ?").get(rowId) as {
        status: string;
        receipt: string | null;
      },
  );
}

test("an admin settles an unanswered Paybill payout as paid, after a receipt that is not one", async ({
  page,
}, testInfo) => {
  const { ids, label } = await seedUnansweredPayout(testInfo);
  await signInAsOperator(page);
  await page.goto(`/admin/reconciliation?run=${ids.run}`);
  await expectJsState(page, testInfo);
  const card = page
    .getByRole("list", { name: "Open findings" })
    .getByRole("article", { name: `Transfer state: ${label}` });
  const settle = card.getByRole("region", { name: "Settle this M-Pesa B2B payout" });
  await expect(settle).toBeVisible();
  await expectAccessible(page, testInfo);

  // A receipt that is not one: refused at its field, nothing settled.
  await settle.getByLabel(/^Paid/).check();
  await settle.getByLabel("M-Pesa receipt (for paid)").fill("NOT-A-RECEIPT");
  await settle.getByLabel("What you found").fill("Paid on the portal at 10:02");
  await settle.getByRole("button", { name: /Settle payout/ }).click();
  await expect(page.getByText(RECEIPT_FORMAT)).toBeVisible();
  expect(rowOf(ids.row).status).toBe("sent");

  // The receipt from the portal: the row is paid with it and the finding is resolved.
  const again = page
    .getByRole("list", { name: "Open findings" })
    .getByRole("article", { name: `Transfer state: ${label}` })
    .getByRole("region", { name: "Settle this M-Pesa B2B payout" });
  await again.getByLabel(/^Paid/).check();
  // Typed in lower case: kept as M-Pesa writes it. Unique per run: a receipt pays one payout.
  const receipt = `tk${Date.now().toString(36)}`.slice(0, 10).padEnd(10, "q");
  await again.getByLabel("M-Pesa receipt (for paid)").fill(receipt);
  await again.getByLabel("What you found").fill("Paid on the portal at 10:02");
  await again.getByRole("button", { name: /Settle payout/ }).click();
  await expectToast(page, testInfo, "Payout settled as paid");
  await expect(
    page
      .getByRole("list", { name: "Open findings" })
      .getByRole("article", { name: `Transfer state: ${label}` }),
  ).toHaveCount(0);
  expect(rowOf(ids.row)).toEqual({ status: "paid", receipt: receipt.toUpperCase() });
});
