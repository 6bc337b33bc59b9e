/**
 * How a destination reads on the settings page: a bank account whose registered name shares no
 * word with the name given is flagged; a wallet (in a person's name) never is; a held destination
 * says until when, in Nairobi time.
 */
import { describe, expect, it } from "vitest";
import { destinationView } from "./views";

const base = {
  id: "dst_abcdefgh",
  status: "confirm_name" as const,
  registeredName: null,
  accountName: null,
  isDefault: false,
  splitPercent: null,
  heldUntil: null,
  failureReason: null,
  verificationTransferId: null,
  phone: null,
  bankCode: null,
  accountNumber: null,
};

describe("destinationView", () => {
  it("flags a bank account whose registered name is another's, not one that agrees", () => {
    const bank = {
      ...base,
      rail: "pesalink" as const,
      bankCode: "68",
      accountNumber: "1450160649886",
    };
    expect(
      destinationView({ ...bank, accountName: "Jane Wanjiku", registeredName: "PETER KAMAU" }, 0),
    ).toMatchObject({ nameDiffers: true, address: "Equity Bank Kenya 1450160649886" });
    expect(
      destinationView(
        { ...bank, accountName: "Jane Wanjiku", registeredName: "JANE W. WANJIKU" },
        0,
      ).nameDiffers,
    ).toBe(false);
  });

  it("never flags a wallet: its name is the owner's, not the business's", () => {
    const view = destinationView(
      { ...base, rail: "airtel-money", phone: "+254733123456", registeredName: "JOHN OTIENO" },
      0,
    );
    expect(view).toMatchObject({
      nameDiffers: false,
      address: "+254 733 123 456",
      railName: "Airtel Money",
      statusText: "Confirm the registered name",
    });
  });

  it("says until when a held destination waits, and stops saying it after", () => {
    const heldUntil = Date.UTC(2026, 10, 27, 11, 5);
    const row = {
      ...base,
      status: "verified" as const,
      rail: "mpesa" as const,
      phone: "+254712345678",
      heldUntil,
    };
    expect(destinationView(row, heldUntil - 1).heldText).toBe(
      "Payouts start after 27 Nov 2026, 14:05 EAT",
    );
    expect(destinationView(row, heldUntil).heldText).toBeNull();
  });
});
