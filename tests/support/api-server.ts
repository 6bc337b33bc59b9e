/**
 * The merchant API (app/api/) over real HTTP for integration tests: a node:http server on an
 * ephemeral 127.0.0.1 port that hands every request to `serveApi` (as server.mjs does), a `call`
 * that talks to it with fetch, and a fixture with a fresh database, the payments harness (custody
 * and M-Pesa simulators over HTTP), merchants and keys. Only the clock is the test's.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, expect } from "vitest";
import { serveApi } from "~/api/node.server";
import type { ApiDeps } from "~/api/types.server";
import { createDisbursementsService } from "~/core/disbursements/service.server";
import { apiScopes, type ApiMode, type ApiScope } from "~/core/api/vocabulary";
import { createPaymentsService } from "~/core/payments/service.server";
import { sendPendingTransfers } from "~/core/payments/settlement.server";
import type { RailId } from "~/core/rails/types";
import { sendPendingRefunds } from "~/core/refunds/custody-send.server";
import { getRefundOn } from "~/core/refunds/refunds.server";
import { createRefundsService } from "~/core/refunds/service.server";
import type { LiveSymbol } from "~/content/cryptocurrencies";
import type { Db } from "~/db/sqlite-connection.server";
import { createTestDb, testStore } from "../setup/db";
import { answerProblems } from "./openapi-check";
import { insertApiKey } from "../setup/api-keys";
import { addMember } from "../setup/members";
import {
  addMerchant,
  liveRates,
  setUpPaymentsHarness,
  testConfig,
  type PaymentsHarness,
} from "../setup/payments";

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body (or the text when it is not JSON). */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

export interface CallOptions {
  /** The API key (sent as `Authorization: Bearer <key>`). */
  key?: string;
  /** An object is sent as JSON (with its content type); a string is sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Call = (method: string, path: string, options?: CallOptions) => Promise<ApiAnswer>;

export interface ApiServer {
  /** http://127.0.0.1:<port> */
  url: string;
  server: Server;
  call: Call;
  close(): Promise<void>;
}

/** Start the API on 127.0.0.1 (port 0), every request answered with `deps()`. */
export async function startApiServer(deps: () => ApiDeps): Promise<ApiServer> {
  const server = createServer((req, res) => {
    if (!serveApi(req, res, deps)) {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call: Call = async (method, path, { key, body, headers = {} } = {}) => {
    const sent: Record<string, string> = {};
    if (key !== undefined) sent.Authorization = `Bearer ${key}`;
    if (body !== undefined && typeof body !== "string") sent["Content-Type"] = "application/json";
    Object.assign(sent, headers);
    const response = await fetch(`${url}${path}`, {
      method,
      headers: sent,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    // Every answer is checked against the OpenAPI document (the document is the contract).
    const problems = answerProblems(method, path, response.status, response.headers, json);
    if (problems.length)
      throw new Error(`The API answered outside its document:\n${problems.join("\n")}`);
    return { status: response.status, headers: response.headers, json, text };
  };
  return {
    url,
    server,
    call,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const SITE_URL = "https://pay.onehop.test";

export interface ApiFixture {
  db: Db;
  h: PaymentsHarness;
  /** The deps every request is served with; tests may change fields (restore them after). */
  deps: ApiDeps;
  /** Filled in once the before-hook ran. */
  api: ApiServer;
  call: Call;
  /**
   * A new key for a merchant: every scope unless given, the merchant's owner's unless another
   * member (a user id) is given. Returns the secret and the key id.
   */
  newKey(
    merchantId: string,
    mode: ApiMode,
    options?: { scopes?: readonly ApiScope[]; expiresAt?: number | null; member?: string },
  ): { secret: string; id: string };
  /** Each merchant's owner (a member made with the merchant): user ids. */
  owners: Record<string, string>;
}

/**
 * For the tests of this file: a fresh database, the payments harness, the given merchants, and the
 * API on a local port with deps from this process (the test's clock, live rates, a generous limit).
 */
export function setUpApi(merchantIds: string[]): ApiFixture {
  const test = createTestDb();
  const h = setUpPaymentsHarness(test);
  // (The harness closes the database after its simulators, in its own after-hook.)
  const now = () => h.clock.now;
  const rates = () => liveRates(now());
  const deps: ApiDeps = {
    store: testStore(test.db),
    webhookUrlPolicy: { allowLoopback: true },
    payments: () =>
      createPaymentsService({
        store: testStore(test.db),
        config: testConfig,
        deps: h.runtime,
        rates: {
          read: rates,
          liveRate: (symbol: LiveSymbol) =>
            rates().rates.find((rate) => rate.symbol === symbol) ?? null,
          sync: async () => {},
        },
        now,
      }),
    disbursements: () => createDisbursementsService({ store: testStore(test.db), now }),
    // As app/wiring/refunds.server.ts wires it, on the harness (both modes on the simulators).
    refunds: () =>
      createRefundsService({
        store: testStore(test.db),
        now,
        currentRate: (asset) =>
          rates().rates.find((rate) => rate.symbol === asset)?.priceKes ?? null,
        runtime: () => ({
          estimateNetworkFee: (assetId) => h.runtime.custody.estimateNetworkFee(assetId),
          runningRails: Object.keys(h.rails) as RailId[],
          async sendNow(refundId) {
            await sendPendingRefunds(testStore(test.db), h.runtime.custody, now);
            await sendPendingTransfers(testStore(test.db), h.rails, now, { purpose: "refund" });
            return testStore(test.db).read((q) => getRefundOn(q, refundId));
          },
        }),
      }),
    rates,
    siteUrl: SITE_URL,
    testModeAvailable: () => true,
    rateLimitPerSecond: 100_000,
    now,
  };
  const fixture = {
    db: test.db,
    h,
    deps,
    newKey(merchantId, mode, options = {}) {
      const { key, secret } = insertApiKey(test.db, {
        merchantId,
        mode,
        name: `${mode} key`,
        scopes: options.scopes ?? apiScopes,
        createdBy: options.member ?? fixture.owners[merchantId]!,
        expiresAt: options.expiresAt ?? null,
        now: now(),
      });
      return { secret, id: key.id };
    },
    owners: {},
  } as ApiFixture;
  for (const id of merchantIds) {
    addMerchant(test.db, id);
    fixture.owners[id] = addMember(test.db, id, "owner").id;
  }
  beforeAll(async () => {
    fixture.api = await startApiServer(() => fixture.deps);
    fixture.call = fixture.api.call;
    // Closed before the harness's own after-hook (registered earlier, so run later).
    return () => fixture.api.close();
  });
  return fixture;
}

/**
 * An answer in the API's error shape: the status, type, code and param, a message, and the
 * Request-Id header equal to `error.request_id`. No CORS header is ever sent.
 */
export function expectApiError(
  answer: ApiAnswer,
  expected: { status: number; type: string; code: string; param?: string | null },
): void {
  const context = `${answer.status} ${answer.text}`;
  expect(answer.status, context).toBe(expected.status);
  expect(answer.headers.get("content-type"), context).toMatch(/^application\/json/);
  expect(answer.json, context).toEqual({
    error: {
      type: expected.type,
      code: expected.code,
      message: expect.any(String),
      param: expected.param ?? null,
      request_id: expect.stringMatching(/^req_[\w-]+$/),
    },
  });
  expect(answer.headers.get("request-id"), context).toBe(answer.json.error.request_id);
  expect(answer.headers.get("access-control-allow-origin"), context).toBeNull();
}

/** A success: the status, a Request-Id header, no CORS header. Returns the body. */
export function expectOk(answer: ApiAnswer, status = 200) {
  expect(answer.status, `${answer.status} ${answer.text}`).toBe(status);
  expect(answer.headers.get("request-id")).toMatch(/^req_[\w-]+$/);
  expect(answer.headers.get("access-control-allow-origin")).toBeNull();
  return answer.json;
}
