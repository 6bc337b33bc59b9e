/**
 * The custody simulator's control surface (no auth of its own; a mounting route guards it), under a
 * base path (/__sim on the simulator's own server): JSON in and out, or HTML forms answered with a
 * 303 redirect. The page itself is rendered by page.server.ts.
 *   GET  /                                                  HTML page
 *   GET  /transactions | /addresses | /deliveries
 *   POST /payments {address, amount, assetId?, txHash?, duplicate?, outOfOrder?, badSignature?}
 *   POST /transactions/{txId}/confirmations {add, ...delivery options}
 *   POST /transactions/{txId}/fail {status: FAILED|REJECTED|BLOCKED, subStatus?, ...}
 *   POST /transactions/{txId}/broadcast {...delivery options}  sign and broadcast an outgoing
 *                                                    transfer (CONFIRMING, 0 confirmations)
 *   POST /transactions/{txId}/complete {...delivery options}   drive an outgoing transfer to
 *                                                    COMPLETED, every step's webhook in order
 *   GET  /transfer-failures
 *   POST /transfer-failures {address, subStatus: "BLOCKED_BY_POLICY" | ... | null, status?}
 *                                                    transfers to that address end at once with
 *                                                    that sub-status; null (or "") clears
 *   POST /auto-confirm {intervalMs: number | null}
 *   POST /drift {assetId, amount, vaultAccountId?}  a signed decimal string added to what the
 *                                                    balance calls report for that wallet (vault
 *                                                    "0" by default); "0" resets
 */
import { z } from "zod";
import { isTerminal } from "~/core/providers/custody/types";
import { checkedDrift, driftKey } from "./balances.server";
import type { SimulatedChain } from "./chain.server";
import { json, parseJsonBody, type SimRequest, type SimResponse } from "./http.server";
import { renderSimulatorPage, safeReturnPath } from "./page.server";
import type { CustodyState } from "./state.server";
import {
  failureStatuses,
  resolveWebhookUrl,
  SimulatorError,
  type CustodySimulatorOptions,
} from "./types";
import { isDecimalString } from "./values.server";
import type { SimulatedTransfers } from "./transfers.server";
import type { WebhookSender } from "./webhooks.server";

const MAX_LIST = 200;

const booleanish = z
  .union([
    z.boolean(),
    z.enum(["true", "on", "1"]).transform(() => true),
    z.enum(["false", "off", "0", ""]).transform(() => false),
  ])
  .optional();

const deliverySchema = z.object({
  duplicate: booleanish,
  outOfOrder: booleanish,
  badSignature: booleanish,
});

const sendPaymentSchema = deliverySchema.extend({
  address: z.string().trim().min(1, "Enter a deposit address").max(200),
  amount: z
    .string()
    .trim()
    .min(1, "Enter an amount")
    .refine(isDecimalString, "The amount must be a decimal number like 0.0015"),
  assetId: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((value) => value || undefined),
  txHash: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9A-Za-z]{8,100}$/, "txHash must be 8 to 100 letters or digits")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The sender's address (default: a new one); checked against the network in the chain. */
  from: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || undefined),
});

const confirmSchema = deliverySchema.extend({
  add: z.coerce.number().int().min(1).max(100).default(1),
});

const failSchema = deliverySchema.extend({
  status: z.enum(failureStatuses),
  subStatus: z.string().trim().max(60).optional(),
});

const transferFailureSchema = z.object({
  address: z.string().trim().min(1, "Enter an address").max(200),
  subStatus: z.union([z.string().trim().max(60), z.null()]).transform((value) => value || null),
  status: z
    .enum(failureStatuses)
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

const autoConfirmSchema = z.object({
  intervalMs: z.union([
    z.coerce.number().int().min(50).max(3_600_000),
    z.null(),
    z.literal("").transform(() => null),
  ]),
});

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

export type ControlHandler = (
  request: SimRequest,
  basePath: string,
  subPath: string,
) => Promise<SimResponse>;

/** The first `count` values of `values` that pass `keep`, without reading the rest. */
function firstOf<V>(values: Iterable<V>, count: number, keep: (value: V) => boolean = () => true) {
  const found: V[] = [];
  if (count <= 0) return found;
  for (const value of values) {
    if (!keep(value)) continue;
    found.push(value);
    if (found.length >= count) break;
  }
  return found;
}

export function createControl(
  state: CustodyState,
  chain: SimulatedChain,
  webhooks: WebhookSender,
  options: Pick<CustodySimulatorOptions, "webhookUrl" | "allowedReturnOrigins">,
  transfers: SimulatedTransfers,
): ControlHandler {
  const { transactions, addresses } = state;

  function safeWebhookUrl(): string {
    try {
      return resolveWebhookUrl(options);
    } catch {
      return "";
    }
  }

  function allowedReturnTo(value: unknown): string | null {
    if (typeof value !== "string" || value.length === 0 || value.length > 500) return null;
    // A local path, checked as the browser reads it ("/<TAB>/evil.com" is "//evil.com"; issue 10,
    // item 13).
    if (value.startsWith("/")) return safeReturnPath(value);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const origins = new Set(options.allowedReturnOrigins ?? []);
    try {
      origins.add(new URL(resolveWebhookUrl(options)).origin);
    } catch {
      // no webhook URL yet
    }
    return origins.has(url.origin) ? url.toString() : null;
  }

  function pageResponse(
    status: number,
    basePath: string,
    query: URLSearchParams,
    extra: { error?: string } = {},
  ): SimResponse {
    // The newest MAX_LIST of each, read a page at a time (never every record at once).
    const sortedTx = firstOf(transactions.values({ descending: true }), MAX_LIST);
    const shownAddresses = firstOf(
      addresses.values({ descending: true }),
      MAX_LIST,
      (row) => row.description !== null,
    );
    const txCount = new Map<string, number>(shownAddresses.map((row) => [row.address, 0]));
    for (const tx of transactions.values()) {
      const count = txCount.get(tx.destinationAddress);
      if (count !== undefined) txCount.set(tx.destinationAddress, count + 1);
    }
    const counts = webhooks.counts();
    const html = renderSimulatorPage({
      basePath,
      addresses: shownAddresses.map((row) => ({
        ...row,
        transactions: txCount.get(row.address) ?? 0,
      })),
      transactions: sortedTx.map((tx) => ({
        id: tx.id,
        assetId: tx.assetId,
        amount: tx.amount,
        destinationAddress: tx.destinationAddress,
        status: tx.status,
        subStatus: tx.subStatus,
        numOfConfirmations: tx.numOfConfirmations,
        completeAt: state.completeAtByAssetId.get(tx.assetId) ?? 1,
        terminal: isTerminal(tx.status),
      })),
      assetIds: Object.values(state.assetIds),
      completeAt: state.completeAtRecord(),
      webhookUrl: safeWebhookUrl(),
      deliveries: {
        total: counts.total,
        failed: counts.failed,
      },
      autoConfirmMs: chain.autoConfirmMs(),
      prefill: {
        address: query.get("address")?.slice(0, 200) ?? "",
        amount: query.get("amount")?.slice(0, 60) ?? "",
        assetId: query.get("assetId")?.slice(0, 40) ?? "",
      },
      returnTo: allowedReturnTo(query.get("returnTo")),
      notice: query.get("notice")?.slice(0, 300) ?? null,
      error: extra.error ?? null,
    });
    const formTargets = [
      ...new Set(
        ["'self'", ...(options.allowedReturnOrigins ?? []), safeOrigin(safeWebhookUrl())].filter(
          Boolean,
        ),
      ),
    ];
    return {
      status,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        // Not no-referrer: browsers then send `Origin: null` with the page's own form posts, which
        // our server refuses as cross-site. same-origin keeps the address out of other sites' logs.
        "referrer-policy": "same-origin",
        "x-robots-tag": "noindex",
        "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets.join(" ")}; frame-ancestors 'none'; base-uri 'none'`,
      },
      body: html,
    };
  }

  return async function control(
    request: SimRequest,
    basePath: string,
    subPath: string,
  ): Promise<SimResponse> {
    const isForm = (request.headers["content-type"] ?? "").includes(
      "application/x-www-form-urlencoded",
    );
    if (request.method === "GET") {
      if (subPath === "/" || subPath === "")
        return pageResponse(200, basePath, request.url.searchParams);
      if (subPath === "/transactions") return json(200, [...transactions.values()].map(state.view));
      if (subPath === "/addresses") return json(200, [...addresses.values()]);
      if (subPath === "/deliveries") return json(200, webhooks.deliveries);
      if (subPath === "/transfer-failures") return json(200, transfers.failureRules());
      return json(404, { error: "Not Found" });
    }
    if (request.method !== "POST") return json(405, { error: "Method Not Allowed" });

    let input: Record<string, unknown>;
    if (isForm) {
      input = Object.fromEntries(new URLSearchParams(request.body.toString("utf8")));
    } else {
      const parsed = parseJsonBody(request);
      if (!parsed) return json(400, { error: "The body must be a JSON object" });
      input = parsed;
    }
    const returnTo = allowedReturnTo(input.returnTo);
    const done = (notice: string, result: unknown): SimResponse => {
      if (!isForm) return json(200, result);
      const location = returnTo ?? `${basePath}/?notice=${encodeURIComponent(notice)}`;
      return { status: 303, headers: { location, "cache-control": "no-store" }, body: "" };
    };
    const failed = (status: number, message: string): SimResponse => {
      if (!isForm) return json(status, { error: message });
      const query = new URLSearchParams();
      if (returnTo) query.set("returnTo", returnTo);
      if (typeof input.address === "string") query.set("address", input.address);
      if (typeof input.amount === "string") query.set("amount", input.amount);
      return pageResponse(status, basePath, query, { error: message });
    };

    try {
      if (subPath === "/payments") {
        const parsed = sendPaymentSchema.safeParse(input);
        if (!parsed.success)
          return failed(400, parsed.error.issues[0]?.message ?? "Invalid payment");
        const { address, amount, assetId, txHash, from, ...delivery } = parsed.data;
        const tx = await chain.sendPayment(
          { address, amount, assetId, txHash, sourceAddress: from },
          delivery,
        );
        return done(
          `Sent ${tx.amountInfo.amount} ${tx.assetId} to ${tx.destinationAddress} (transaction ${tx.id}).`,
          tx,
        );
      }
      if (subPath === "/drift") {
        const { assetId, amount, vaultAccountId } = input;
        if (typeof assetId !== "string" || typeof amount !== "string")
          return failed(400, "assetId and amount (a decimal string) are required");
        const vault = typeof vaultAccountId === "string" && vaultAccountId ? vaultAccountId : "0";
        const drift = checkedDrift(state, assetId, amount);
        state.drift.set(driftKey(vault, assetId), drift);
        return done(`Drift of ${assetId} in vault ${vault}: ${drift}.`, {
          vaultAccountId: vault,
          assetId,
          amount: drift,
        });
      }
      if (subPath === "/auto-confirm") {
        const parsed = autoConfirmSchema.safeParse(input);
        if (!parsed.success)
          return failed(400, "intervalMs must be a number of milliseconds (50 or more) or null");
        chain.setAutoConfirm(parsed.data.intervalMs);
        const autoConfirmMs = chain.autoConfirmMs();
        return done(
          autoConfirmMs
            ? `Automatic confirmations every ${autoConfirmMs} ms.`
            : "Automatic confirmations are off.",
          {
            autoConfirmMs,
          },
        );
      }
      if (subPath === "/transfer-failures") {
        const parsed = transferFailureSchema.safeParse(input);
        if (!parsed.success)
          return failed(400, parsed.error.issues[0]?.message ?? "Invalid failure rule");
        const { address, subStatus, status } = parsed.data;
        transfers.failTransfersTo(address, subStatus, status);
        return done(
          subStatus
            ? `Transfers to ${address} now end with ${subStatus}.`
            : `Transfers to ${address} go through again.`,
          transfers.failureRules(),
        );
      }
      const match = /^\/transactions\/([^/]+)\/(confirmations|fail|broadcast|complete)$/.exec(
        subPath,
      );
      if (match) {
        const txId = decodeURIComponent(match[1] ?? "");
        if (match[2] === "broadcast" || match[2] === "complete") {
          const parsed = deliverySchema.safeParse(input);
          if (!parsed.success) return failed(400, "Invalid delivery options");
          const tx =
            match[2] === "broadcast"
              ? await chain.broadcastTransfer(txId, parsed.data)
              : await chain.completeTransfer(txId, parsed.data);
          return done(
            `Transaction ${tx.id}: ${tx.status}, ${tx.numOfConfirmations} confirmations.`,
            tx,
          );
        }
        if (match[2] === "confirmations") {
          const parsed = confirmSchema.safeParse(input);
          if (!parsed.success) return failed(400, "add must be an integer from 1 to 100");
          const { add, ...delivery } = parsed.data;
          const tx = await chain.confirm(txId, add, delivery);
          return done(
            `Transaction ${tx.id}: ${tx.status}, ${tx.numOfConfirmations} confirmations.`,
            tx,
          );
        }
        const parsed = failSchema.safeParse(input);
        if (!parsed.success)
          return failed(400, `status must be one of ${failureStatuses.join(", ")}`);
        const { status, ...rest } = parsed.data;
        const tx = await chain.fail(txId, status, rest);
        return done(`Transaction ${tx.id}: ${tx.status}.`, tx);
      }
    } catch (error) {
      if (error instanceof SimulatorError) return failed(error.status, error.message);
      throw error;
    }
    return json(404, { error: "Not Found" });
  };
}
