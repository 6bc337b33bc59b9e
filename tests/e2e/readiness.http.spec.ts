/**
 * Liveness and readiness of the running production build (issue 10, item 9), and the simulator
 * routes' access rule (item 11), over plain HTTP.
 */
import { expect, test } from "@playwright/test";

test("readyz: 200 with every check passing, never cached", async ({ request }) => {
  const response = await request.get("/readyz");
  const body = await response.json();
  expect(body.reasons).toEqual([]);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(body.status).toBe("ready");
  expect(body.checks.database.ok).toBe(true);
  expect(
    body.checks.boot.steps.map((step: { step: string; ok: boolean }) => [step.step, step.ok]),
  ).toEqual([
    ["config", true],
    ["database", true],
    ["rates", true],
    ["news", true],
    ["mail", true],
    ["notifications", true],
    ["sms", true],
    ["payments", true],
    ["top-ups", true],
    ["reconciliation", true],
    ["webhooks", true],
    ["api", true],
    ["disbursements", true],
    ["housekeeping", true],
    ["sanctions", true],
    ["monitoring", true],
    ["frc-reports", true],
    ["kyb", true],
  ]);
  expect(body.checks.boot.jobs).toContain("compliance.monitoring");
  expect(body.checks.providers).toEqual([
    expect.objectContaining({ name: "custody", mode: "simulator", ok: true, running: true }),
    expect.objectContaining({ name: "mpesa", mode: "simulator", ok: true, running: true }),
    expect.objectContaining({ name: "marketData", mode: "simulator", ok: true, running: true }),
  ]);
  expect(body.checks.boot.jobs).toContain("payments.tick");
  for (const job of body.checks.jobs) expect(job, job.name).toMatchObject({ ok: true });
});

test("healthz: liveness answers 200 and points at readiness", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toMatchObject({ status: "ok", readiness: "/readyz" });
});

test("the custody simulator's control page needs an operator session", async ({ request }) => {
  const page = await request.get("/simulator/custody/", { maxRedirects: 0 });
  expect(page.status()).toBe(302);
  expect(page.headers()["location"]).toBe("/admin/signin?redirectTo=%2Fsimulator%2Fcustody%2F");
  const addresses = await request.get("/simulator/custody/addresses", { maxRedirects: 0 });
  expect(addresses.status()).toBe(302);
  const pay = await request.post("/simulator/custody/payments", {
    form: { address: "0xanything", amount: "1" },
    maxRedirects: 0,
  });
  expect(pay.status()).toBe(403);
});
