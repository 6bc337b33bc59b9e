/**
 * The rail profiles (profiles.ts) declare every rail from the tariff's published numbers: CBK's
 * mobile-money limits for Airtel Money and T-Kash, IPSL's ceiling for PesaLink, and no guessed
 * charges for the rails whose contracts are not signed (ADR 0029).
 */
import { describe, expect, it } from "vitest";
import {
  mobileMoneyLimits,
  mpesaB2cCharges,
  NO_DAILY_LIMIT,
  payoutRailCharges,
  pesalinkLimits,
} from "~/content/tariff";
import { railProfiles } from "./profiles";
import { railIds } from "./types";

describe("rail profiles", () => {
  it("declare every rail, each under its own id", () => {
    expect(Object.keys(railProfiles).sort()).toEqual([...railIds].sort());
    for (const [id, profile] of Object.entries(railProfiles)) expect(profile.id).toBe(id);
  });

  it("take the mobile-money limits from the tariff", () => {
    for (const limits of mobileMoneyLimits) {
      const profile = railProfiles[limits.id];
      expect(profile).toMatchObject({
        name: limits.name,
        perTransferKes: limits.perTransaction,
        dailyKes: limits.daily,
        destination: "msisdn",
        hours: "24/7",
      });
    }
    expect(railProfiles["airtel-money"].perTransferKes).toBe(250_000);
    expect(railProfiles["t-kash"].dailyKes).toBe(500_000);
    // A KES 1 verification payout fits the mobile-money rails other than M-Pesa.
    expect(railProfiles["airtel-money"].minimumKes).toBe(1);
    expect(railProfiles["t-kash"].minimumKes).toBe(1);
  });

  it("PesaLink: KES 999,999 per transfer from KES 10, to a bank account, real time around the clock", () => {
    expect(railProfiles.pesalink).toMatchObject({
      name: "PesaLink",
      minimumKes: pesalinkLimits.minimum,
      perTransferKes: 999_999,
      dailyKes: NO_DAILY_LIMIT,
      hours: "24/7",
      destination: "bank_account",
    });
    expect(railProfiles.pesalink.dailyKes).toBeGreaterThan(999_999 * 1_000);
  });

  it("publish M-Pesa's charge table and no guessed charges for the others, each with its source", () => {
    expect(railProfiles.mpesa.charges).toBe(mpesaB2cCharges);
    for (const rail of ["airtel-money", "t-kash", "pesalink"] as const) {
      expect(railProfiles[rail].charges).toEqual([]);
      expect(railProfiles[rail].chargesSource).toBe(payoutRailCharges[rail].source);
      expect(railProfiles[rail].chargesSource).toMatch(/^Not yet published: /);
    }
    for (const profile of Object.values(railProfiles))
      expect(profile.typicalArrival.length).toBeGreaterThan(0);
  });
});
