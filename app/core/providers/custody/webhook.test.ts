/**
 * Webhook signature verification (RSA-SHA512 over the raw body, Fireblocks v1), parsing with zod,
 * and the small pure helpers (dedupe key, terminal statuses, bech32, decimals).
 */
import { generateKeyPairSync, sign } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  generateRsaKeyPair,
  isValidBech32,
  multiplyDecimals,
  segwitV0Address,
  type RsaKeyPairPem,
} from "../../../../tests/support/simulators";
import { dedupeKey, isFailed, isTerminal } from "./types";
import {
  parseWebhook,
  readWebhook,
  signWebhookBody,
  verifyWebhookSignature,
} from "./webhook.server";

let key: RsaKeyPairPem;
let otherKey: RsaKeyPairPem;

beforeAll(async () => {
  [key, otherKey] = await Promise.all([generateRsaKeyPair(), generateRsaKeyPair()]);
});

function details(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "8e6d1a3c-2f4b-4c1d-9a7e-5b3c2d1e0f9a",
    assetId: "USDT_ERC20",
    source: { id: "", type: "UNKNOWN", name: "External", subType: "" },
    destination: { id: "12", type: "VAULT_ACCOUNT", name: "OneHop payment pay_1", subType: "" },
    amount: 25.5,
    netAmount: 25.5,
    amountUSD: 25.5,
    amountInfo: { amount: "25.5", requestedAmount: "25.5", netAmount: "25.5", amountUSD: "25.50" },
    feeInfo: { networkFee: "0.000065" },
    feeCurrency: "ETH",
    createdAt: 1_767_225_600_000,
    lastUpdated: 1_767_225_660_000,
    status: "CONFIRMING",
    subStatus: "PENDING_BLOCKCHAIN_CONFIRMATIONS",
    txHash: "0x9f3b",
    operation: "TRANSFER",
    sourceAddress: "0x1111111111111111111111111111111111111111",
    destinationAddress: "0x2222222222222222222222222222222222222222",
    destinationTag: "",
    numOfConfirmations: 1,
    blockInfo: { blockHeight: "21500001", blockHash: "0xabc" },
    ...overrides,
  };
}

function envelope(data: unknown, type = "TRANSACTION_STATUS_UPDATED"): string {
  return JSON.stringify({
    type,
    tenantId: "b1f0c9d2-0000-4000-8000-000000000001",
    timestamp: 1_767_225_660_123,
    data,
  });
}

describe("verifyWebhookSignature", () => {
  it("accepts the signature of the exact body, as a string or as bytes", () => {
    const body = envelope(details());
    const signature = signWebhookBody(body, key.privateKeyPem);
    expect(verifyWebhookSignature(body, signature, key.publicKeyPem)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), signature, key.publicKeyPem)).toBe(true);
  });

  it("rejects a body with one byte changed, or re-serialised JSON", () => {
    const body = envelope(details());
    const signature = signWebhookBody(body, key.privateKeyPem);
    const changed = body.replace('"25.5"', '"95.5"');
    expect(changed).not.toBe(body);
    expect(verifyWebhookSignature(changed, signature, key.publicKeyPem)).toBe(false);
    expect(verifyWebhookSignature(`${body} `, signature, key.publicKeyPem)).toBe(false);
    expect(
      verifyWebhookSignature(
        JSON.stringify(JSON.parse(body), null, 2),
        signature,
        key.publicKeyPem,
      ),
    ).toBe(false);
  });

  it("rejects a signature made with another key, and a SHA-256 signature with the right key", () => {
    const body = envelope(details());
    expect(
      verifyWebhookSignature(body, signWebhookBody(body, otherKey.privateKeyPem), key.publicKeyPem),
    ).toBe(false);
    expect(
      verifyWebhookSignature(body, signWebhookBody(body, key.privateKeyPem), otherKey.publicKeyPem),
    ).toBe(false);
    const sha256 = sign("sha256", Buffer.from(body), key.privateKeyPem).toString("base64");
    expect(verifyWebhookSignature(body, sha256, key.publicKeyPem)).toBe(false);
  });

  it("returns false, never throws, for a missing or malformed header or key", () => {
    const body = envelope(details());
    const good = signWebhookBody(body, key.privateKeyPem);
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .publicKey.export({ type: "spki", format: "pem" })
      .toString();
    const cases: Array<[string | null | undefined, string]> = [
      [null, key.publicKeyPem],
      [undefined, key.publicKeyPem],
      ["", key.publicKeyPem],
      ["   ", key.publicKeyPem],
      ["%%%not base64%%%", key.publicKeyPem],
      ["AAAA", key.publicKeyPem],
      [good.slice(0, -8), key.publicKeyPem],
      [`${good}${good}`, key.publicKeyPem],
      ["A".repeat(100_000), key.publicKeyPem],
      [good, "not a pem"],
      [good, ""],
      [good, ec],
      [good, key.privateKeyPem.replace("PRIVATE", "PUBLIC")],
    ];
    for (const [signature, pem] of cases) {
      expect(() => verifyWebhookSignature(body, signature, pem)).not.toThrow();
      expect(verifyWebhookSignature(body, signature, pem)).toBe(false);
    }
  });
});

describe("parseWebhook", () => {
  it("reads a v1 transaction event, keeping amounts as strings and dropping the deprecated float fields", () => {
    const result = parseWebhook(envelope(details()));
    expect(result.kind).toBe("transaction");
    if (result.kind !== "transaction") return;
    expect(result.event.type).toBe("TRANSACTION_STATUS_UPDATED");
    expect(result.event.timestamp).toBe(1_767_225_660_123);
    expect(result.event.data.amountInfo).toEqual({
      amount: "25.5",
      requestedAmount: "25.5",
      netAmount: "25.5",
      amountUSD: "25.50",
    });
    expect(result.event.data.numOfConfirmations).toBe(1);
    expect(result.event.data).not.toHaveProperty("amount");
    expect(result.event.data.externalTxId).toBeNull();
  });

  it("rejects TransactionDetails with the amount as a number", () => {
    const result = parseWebhook(envelope(details({ amountInfo: { amount: 25.5 } })));
    expect(result).toMatchObject({
      kind: "invalid",
      error: expect.stringContaining("amountInfo.amount"),
    });
  });

  it("rejects TransactionDetails without an id, a negative amount and a float confirmation count", () => {
    const { id: _id, ...withoutId } = details();
    expect(parseWebhook(envelope(withoutId))).toMatchObject({
      kind: "invalid",
      error: expect.stringContaining("id"),
    });
    expect(parseWebhook(envelope(details({ amountInfo: { amount: "-1" } }))).kind).toBe("invalid");
    expect(parseWebhook(envelope(details({ numOfConfirmations: 1.5 }))).kind).toBe("invalid");
  });

  it("rejects a body that is not JSON or not an envelope", () => {
    expect(parseWebhook("{not json").kind).toBe("invalid");
    expect(parseWebhook("[]").kind).toBe("invalid");
    expect(
      parseWebhook(JSON.stringify({ type: "TRANSACTION_CREATED", data: details() })).kind,
    ).toBe("invalid");
  });

  it("acknowledges other event types without reading their data", () => {
    expect(parseWebhook(envelope({ id: "5", name: "x" }, "VAULT_ACCOUNT_ADDED"))).toEqual({
      kind: "ignored",
      type: "VAULT_ACCOUNT_ADDED",
    });
  });

  it("accepts a status it does not know, and a missing confirmation count as 0", () => {
    const { numOfConfirmations: _n, ...rest } = details({ status: "PENDING_SOMETHING_NEW" });
    const result = parseWebhook(envelope(rest));
    expect(result.kind === "transaction" && result.event.data).toMatchObject({
      status: "PENDING_SOMETHING_NEW",
      numOfConfirmations: 0,
    });
  });
});

describe("readWebhook", () => {
  it("verifies before parsing: a bad signature on garbage is 'unauthenticated', not 'invalid'", () => {
    expect(readWebhook("{garbage", "AAAA", key.publicKeyPem)).toEqual({ kind: "unauthenticated" });
    expect(
      readWebhook("{garbage", signWebhookBody("{garbage", key.privateKeyPem), key.publicKeyPem)
        .kind,
    ).toBe("invalid");
    const body = envelope(details());
    expect(readWebhook(body, null, key.publicKeyPem)).toEqual({ kind: "unauthenticated" });
    expect(readWebhook(body, signWebhookBody(body, key.privateKeyPem), key.publicKeyPem).kind).toBe(
      "transaction",
    );
  });
});

describe("helpers", () => {
  it("builds the dedupe key from id, status and confirmations", () => {
    const result = parseWebhook(envelope(details()));
    if (result.kind !== "transaction") throw new Error("expected a transaction event");
    expect(dedupeKey(result.event)).toBe("8e6d1a3c-2f4b-4c1d-9a7e-5b3c2d1e0f9a:CONFIRMING:1");
  });

  it("knows the terminal statuses", () => {
    for (const status of ["COMPLETED", "CANCELLED", "BLOCKED", "REJECTED", "FAILED"])
      expect(isTerminal(status)).toBe(true);
    for (const status of [
      "SUBMITTED",
      "CONFIRMING",
      "PENDING_AML_SCREENING",
      "BROADCASTING",
      "SOMETHING_NEW",
    ]) {
      expect(isTerminal(status)).toBe(false);
    }
    expect(isFailed("COMPLETED")).toBe(false);
    expect(isFailed("REJECTED")).toBe(true);
  });

  it("encodes BIP-173's P2WPKH test vector and checks bech32 checksums", () => {
    const program = Buffer.from("751e76e8199196d454941c45d1b3a323f1433bd6", "hex");
    expect(segwitV0Address("bc", program)).toBe("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
    expect(isValidBech32("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toBe(true);
    expect(isValidBech32("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")).toBe(false);
  });

  it("multiplies decimal strings exactly, rounding half up", () => {
    expect(multiplyDecimals("0.00150000", "65000", 2)).toBe("97.50");
    expect(multiplyDecimals("0.000000005", "1", 8)).toBe("0.00000001");
    expect(multiplyDecimals("123456789.123456789012345678", "3200", 2)).toBe("395061725195.06");
    expect(multiplyDecimals("2", "3", 0)).toBe("6");
  });
});
