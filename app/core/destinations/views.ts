/**
 * A destination as the settings page shows it: what it is, where it stands in words, and what the
 * owner can do with it. Isomorphic (built by the loader, read by the components).
 */
import type { RailId } from "~/core/rails/types";
import { formatEatDateTime } from "~/utils/format";
import { destinationAddress, namesAgree, type DestinationLike } from "./display";
import { railNames } from "./schema";
import type { DestinationStatus } from "./vocabulary";

export interface DestinationView {
  id: string;
  rail: RailId;
  railName: string;
  address: string;
  status: DestinationStatus;
  /** "Verified", "Checking with Airtel Money…", … */
  statusText: string;
  tone: "success" | "warning" | "danger" | "info" | "neutral";
  registeredName: string | null;
  /** The name the owner gave for a bank account. */
  accountName: string | null;
  /** A bank account's registered name shares no word with the account name given. */
  nameDiffers: boolean;
  isDefault: boolean;
  splitPercent: number | null;
  /** "Payouts start after 26 Nov 2026, 14:05 EAT", while held. */
  heldText: string | null;
  failureReason: string | null;
  /** Verifying without an answer yet, and no check payout on its way: "Check again" helps. */
  canCheckAgain: boolean;
}

interface Row extends DestinationLike {
  id: string;
  status: DestinationStatus;
  registeredName: string | null;
  accountName: string | null;
  isDefault: boolean;
  splitPercent: number | null;
  heldUntil: number | null;
  failureReason: string | null;
  verificationTransferId: string | null;
}

const statusWords: Record<DestinationStatus, { text: string; tone: DestinationView["tone"] }> = {
  verifying: { text: "Being checked", tone: "info" },
  confirm_name: { text: "Confirm the registered name", tone: "warning" },
  verified: { text: "Verified", tone: "success" },
  failed: { text: "Not verified", tone: "danger" },
  removed: { text: "Removed", tone: "neutral" },
};

export function destinationView(row: Row, now: number): DestinationView {
  const held = row.heldUntil !== null && row.heldUntil > now ? row.heldUntil : null;
  // Only a bank account has a name given to compare with: wallets are often in the owner's own
  // name, not the business's, so the owner's confirmation is the check there.
  const given = row.rail === "pesalink" ? (row.accountName ?? "") : null;
  return {
    id: row.id,
    rail: row.rail,
    railName: railNames[row.rail],
    address: destinationAddress(row),
    status: row.status,
    statusText: statusWords[row.status].text,
    tone: statusWords[row.status].tone,
    registeredName: row.registeredName,
    accountName: row.accountName,
    nameDiffers:
      given !== null && row.registeredName ? !namesAgree(given, row.registeredName) : false,
    isDefault: row.isDefault,
    splitPercent: row.splitPercent,
    heldText: held ? `Payouts start after ${formatEatDateTime(held)}` : null,
    failureReason: row.failureReason,
    canCheckAgain: row.status === "verifying" && row.verificationTransferId === null,
  };
}

/** A payment's settlement plan before it settles (plan-preview.server.ts). */
export interface PlannedLeg {
  /** "M-Pesa +254 712 345 678". */
  destination: string;
  rail: RailId;
  percent: number;
  payoutKesCents: string;
  railChargeKesCents: string;
  transfers: number;
  /** Later days, when the rail's daily limit is reached. */
  daysAfterToday: number;
  typicalArrival: string;
  /** The destination it replaces because that rail is unavailable. */
  insteadOf: string | null;
}

export type PlanPreview =
  | { kind: "no_destination" }
  | { kind: "held"; notice: string }
  | { kind: "legs"; legs: PlannedLeg[] };
