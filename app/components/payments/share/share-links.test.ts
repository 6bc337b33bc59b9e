import { describe, expect, it } from "vitest";
import { shareMessage, smsShareHref, whatsappShareHref } from "./share-links";

const message = shareMessage({
  amountKes: "KES 2,500",
  businessName: "Mama Mboga & Sons",
  reference: "INV-7",
  link: "https://onehop.co.ke/pay/pay_abcdefghjkmn",
});

describe("sharing a payment", () => {
  it("writes the amount, the business and the link into the message", () => {
    expect(message).toBe(
      "Please pay KES 2,500 to Mama Mboga & Sons (ref. INV-7) in crypto here: https://onehop.co.ke/pay/pay_abcdefghjkmn",
    );
  });

  it("writes it in Kiswahili on a Kiswahili page (issue 33)", () => {
    const share = {
      amountKes: "KES 2,500",
      businessName: "Mama Mboga & Sons",
      reference: "INV-7",
      link: "https://onehop.co.ke/pay/pay_abcdefghjkmn",
    };
    expect(shareMessage(share, "sw")).toBe(
      "Tafadhali lipa KES 2,500 kwa Mama Mboga & Sons (kumbukumbu INV-7) kwa crypto hapa: https://onehop.co.ke/pay/pay_abcdefghjkmn",
    );
  });

  it("carries the message, encoded, in the WhatsApp and SMS links", () => {
    const encoded =
      "Please%20pay%20KES%202%2C500%20to%20Mama%20Mboga%20%26%20Sons%20(ref.%20INV-7)%20in%20crypto%20here%3A%20https%3A%2F%2Fonehop.co.ke%2Fpay%2Fpay_abcdefghjkmn";
    expect(whatsappShareHref(message)).toBe(`https://wa.me/?text=${encoded}`);
    expect(smsShareHref(message)).toBe(`sms:?&body=${encoded}`);
    expect(new URL(whatsappShareHref(message)).searchParams.get("text")).toBe(message);
  });
});
