/**
 * The PesaLink simulator at the protocol level: raw HTTP requests, as any Jenga client sends them.
 */
import { generateKeyPairSync } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { signText, transferSignatureText } from "~/core/providers/pesalink/signature.server";
import type { PesalinkRequestBody } from "~/core/providers/pesalink/types";
import { startPesalinkSimulator, type PesalinkSimulator } from "./index.server";

const merchant = generateKeyPairSync("rsa", { modulusLength: 2048 });
const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const TOKEN = "/authentication/api/v3/authenticate/merchant";
const SEND = "/v3-apis/transaction-api/v3.0/remittance/pesalinkacc";

let sims: PesalinkSimulator[] = [];
afterEach(async () => {
  await Promise.all(sims.map((sim) => sim.close()));
  sims = [];
});

async function setup(clock = { now: NOW }) {
  const sim = await startPesalinkSimulator({
    apiKey: "k",
    merchantCode: "m",
    consumerSecret: "s",
    clientPublicKey: merchant.publicKey,
    bankPrivateKey: generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey,
    now: () => clock.now,
  });
  sims.push(sim);
  return sim;
}

async function post(
  sim: PesalinkSimulator,
  path: string,
  headers: Record<string, string>,
  body: unknown,
) {
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function token(sim: PesalinkSimulator) {
  const answer = await post(
    sim,
    TOKEN,
    { "Api-Key": "k" },
    { merchantCode: "m", consumerSecret: "s" },
  );
  return answer.body.accessToken as string;
}

const body = (): PesalinkRequestBody => ({
  source: { countryCode: "KE", name: "OneHop", accountNumber: "0170199740087" },
  destination: {
    type: "bank",
    countryCode: "KE",
    name: "A N Other",
    bankCode: "01",
    accountNumber: "1234567890",
  },
  transfer: {
    type: "PesaLink",
    amount: "2000",
    currencyCode: "KES",
    reference: "692194423798",
    date: "2026-01-15",
    description: "Settlement",
  },
});

describe("PesaLink simulator", () => {
  it("issues 15-minute tokens for the right Api-Key and body only", async () => {
    const sim = await setup();
    const good = await post(
      sim,
      TOKEN,
      { "Api-Key": "k" },
      { merchantCode: "m", consumerSecret: "s" },
    );
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({
      issuedAt: "2026-01-15T09:00:00Z",
      expiresIn: "2026-01-15T09:15:00Z",
      tokenType: "Bearer",
    });
    const bad = await post(
      sim,
      TOKEN,
      { "Api-Key": "k" },
      { merchantCode: "m", consumerSecret: "x" },
    );
    expect(bad).toEqual({
      status: 401,
      body: { status: false, code: 401101, message: "Invalid API credentials" },
    });
  });

  it("answers 401 for a missing or expired token, 400 naming a bad field, 403 for a bad signature", async () => {
    const clock = { now: NOW };
    const sim = await setup(clock);
    const bearer = await token(sim);
    const headers = {
      authorization: `Bearer ${bearer}`,
      signature: signText(transferSignatureText(body()), merchant.privateKey),
    };
    expect((await post(sim, SEND, { signature: headers.signature }, body())).status).toBe(401);

    const shape = body() as unknown as { destination: Record<string, unknown> };
    shape.destination.accountNumber = "12AB";
    expect(await post(sim, SEND, headers, shape)).toEqual({
      status: 400,
      body: {
        status: false,
        code: 400100,
        message: "Bad request - invalid destination.accountNumber",
      },
    });

    const changed = body();
    changed.transfer.amount = "20000"; // signed for 2000
    expect(await post(sim, SEND, headers, changed)).toMatchObject({
      status: 403,
      body: { code: 900100 },
    });

    const paid = await post(sim, SEND, headers, body());
    expect(paid).toMatchObject({
      status: 200,
      body: { status: true, code: 0, data: { status: "SUCCESS" } },
    });
    expect(await post(sim, SEND, headers, body())).toMatchObject({
      status: 409,
      body: { code: 409100 },
    });
    expect(sim.paidCount("692194423798")).toBe(1);

    clock.now += 15 * 60_000;
    expect((await post(sim, SEND, headers, body())).status).toBe(401);
  });
});
