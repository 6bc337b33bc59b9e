/**
 * A list import screens the parties we deal with again (issue 31, items 1-2; ADR 0055): a merchant
 * whose name the new UN list carries gets a case, once however often the list changes.
 */
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { complianceCases, merchants } from "../../drizzle/schema";
import { importSanctionsList } from "~/core/compliance/sanctions/import.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { rescreenAfterListChange } from "./compliance.server";

const { db, close } = installTestDatabase();
afterAll(close);

describe("after a list import", () => {
  it("a merchant on the new list gets one case", async () => {
    addMerchant(db, "MRC-GPAC22");
    db.update(merchants)
      .set({ businessName: "Green Pine Associated Corporation" })
      .where(eq(merchants.id, "MRC-GPAC22"))
      .run();
    let changed: Promise<void> | null = null;
    const outcome = await importSanctionsList(testStore(db), {
      source: "un",
      files: [
        {
          name: "consolidated.xml",
          bytes: readFileSync("tests/fixtures/compliance/un/consolidated-list-sample.xml"),
        },
      ],
      trigger: "upload",
      origin: "consolidated.xml",
      operatorId: null,
      onListChanged: () => {
        changed = rescreenAfterListChange();
      },
    });
    expect(outcome).toMatchObject({ outcome: "imported" });
    expect(changed).not.toBeNull();
    await changed;
    const open = () =>
      db
        .select()
        .from(complianceCases)
        .where(
          and(eq(complianceCases.merchantId, "MRC-GPAC22"), eq(complianceCases.status, "open")),
        )
        .all();
    expect(open()).toHaveLength(1);
    await rescreenAfterListChange();
    expect(open()).toHaveLength(1);
  });
});
