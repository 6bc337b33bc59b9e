/**
 * Idempotency keys through real HTTP (issue 13, item 3): a retry with the same key and body replays
 * the stored answer (`Idempotent-Replayed: true`) and creates nothing; another body with the same
 * key is 422; two at once create one payment; a key longer than 255 characters is refused; a
 * refusal is replayed too; the stored answer is in the database with the payment.
 */
import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyKeys, payments } from "../../drizzle/schema";
import { expectApiError, expectOk, setUpApi } from "../../tests/support/api-server";
import {
  claimIdempotencyKey,
  releaseClaimsOfDeadRequests,
  requestFingerprint,
} from "~/core/api/idempotency.server";
import { testStore } from "../../tests/setup/db";

const SHOP = "MRC-AKKA22";
const OTHER = "MRC-AKKB22";
const f = setUpApi([SHOP, OTHER]);

const order = (overrides: Record<string, unknown> = {}) => ({
  amount: 250000,
  currency: "KES",
  asset: "USDT",
  reference: "I-1",
  ...overrides,
});

let counter = 0;
/** A reference no other test uses, to count this test's payments by. */
const uniqueReference = () => `IDEM-${++counter}`;

const paymentsWith = (reference: string) =>
  f.db.select().from(payments).where(eq(payments.reference, reference)).all();

const storedKey = (merchantId: string, key: string) =>
  f.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key)))
    .get();

const create = (secret: string, idempotencyKey: string, body: unknown) =>
  f.call("POST", "/api/v1/payments", {
    key: secret,
    body,
    headers: { "Idempotency-Key": idempotencyKey },
  });

describe("idempotency keys", () => {
  it("the same key and body twice: one payment, the second answer replayed", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const reference = uniqueReference();
    const first = await create(secret, "order-1", order({ reference }));
    const created = expectOk(first, 201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const second = await create(secret, "order-1", order({ reference }));
    expect(expectOk(second, 201)).toEqual(created);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.headers.get("request-id")).not.toBe(first.headers.get("request-id"));
    expect(paymentsWith(reference).map((row) => row.id)).toEqual([created.id]);

    // The stored answer was written with the payment.
    const stored = storedKey(SHOP, "order-1");
    expect(stored).toMatchObject({ state: "done", mode: "test", responseStatus: 201 });
    expect(JSON.parse(stored!.responseBody!)).toEqual(created);
  });

  it("the same key with another body is 422 idempotency_key_reused and creates nothing", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const reference = uniqueReference();
    expectOk(await create(secret, "order-2", order({ reference })), 201);
    expectApiError(await create(secret, "order-2", order({ reference, amount: 300000 })), {
      status: 422,
      type: "idempotency_error",
      code: "idempotency_key_reused",
    });
    // Even when that other body is itself invalid.
    expectApiError(await create(secret, "order-2", "{not json"), {
      status: 422,
      type: "idempotency_error",
      code: "idempotency_key_reused",
    });
    expect(paymentsWith(reference)).toHaveLength(1);
  });

  it("two identical requests at once create one payment; the other replays or is 409", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const reference = uniqueReference();
    const answers = await Promise.all([
      create(secret, "order-3", order({ reference })),
      create(secret, "order-3", order({ reference })),
    ]);
    const rows = paymentsWith(reference);
    expect(rows).toHaveLength(1);
    const fresh = answers.filter(
      (answer) => answer.status === 201 && !answer.headers.get("idempotent-replayed"),
    );
    expect(fresh).toHaveLength(1);
    expect(expectOk(fresh[0]!, 201).id).toBe(rows[0]!.id);
    const other = answers.find((answer) => answer !== fresh[0])!;
    if (other.status === 201) {
      expect(other.headers.get("idempotent-replayed")).toBe("true");
      expect(other.json.id).toBe(rows[0]!.id);
    } else {
      expectApiError(other, {
        status: 409,
        type: "idempotency_error",
        code: "idempotency_key_in_use",
      });
    }
    // Afterwards a retry replays the payment.
    const retry = await create(secret, "order-3", order({ reference }));
    expect(expectOk(retry, 201).id).toBe(rows[0]!.id);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
  });

  it("a key of 256 characters (or not printable ASCII) is 400 idempotency_key_invalid", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const reference = uniqueReference();
    for (const bad of ["k".repeat(256), "ordér-4", "order\t4"])
      expectApiError(await create(secret, bad, order({ reference })), {
        status: 400,
        type: "invalid_request_error",
        code: "idempotency_key_invalid",
      });
    expect(paymentsWith(reference)).toHaveLength(0);
    expectOk(await create(secret, "k".repeat(255), order({ reference })), 201);
    expect(paymentsWith(reference)).toHaveLength(1);
  });

  it("a refusal (4xx) is the request's answer: the same key and body get it again", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const first = await create(secret, "order-5", order({ amount: 150 }));
    expectApiError(first, {
      status: 400,
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "amount",
    });
    const again = await create(secret, "order-5", order({ amount: 150 }));
    expect(again.status).toBe(400);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    // The stored answer, as it was first given.
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("request-id")).toMatch(/^req_/);
    expect(storedKey(SHOP, "order-5")).toMatchObject({ state: "done", responseStatus: 400 });
  });

  it("keys are per merchant and mode: the same key elsewhere is a new request", async () => {
    const reference = uniqueReference();
    const ids = new Set<string>();
    for (const [merchant, mode] of [
      [SHOP, "test"],
      [SHOP, "live"],
      [OTHER, "test"],
    ] as const) {
      const answer = await create(f.newKey(merchant, mode).secret, "order-6", order({ reference }));
      expect(answer.headers.get("idempotent-replayed")).toBeNull();
      ids.add(expectOk(answer, 201).id);
    }
    expect(ids.size).toBe(3);
    expect(paymentsWith(reference)).toHaveLength(3);
  });

  it("cancel takes an idempotency key too: a retry replays the 200", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const payment = expectOk(
      await create(secret, "order-7", order({ reference: uniqueReference() })),
      201,
    );
    const cancel = () =>
      f.call("POST", `/api/v1/payments/${payment.id}/cancel`, {
        key: secret,
        headers: { "Idempotency-Key": "cancel-7" },
      });
    const first = await cancel();
    expect(expectOk(first).status).toBe("canceled");
    const again = await cancel();
    expect(expectOk(again)).toEqual(first.json);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(storedKey(SHOP, "cancel-7")).toMatchObject({ state: "done", responseStatus: 200 });
  });

  it("a claim left running by a request that died with its process is freed at the next start: the retry creates", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const reference = uniqueReference();
    const body = order({ reference });
    // What a kill -9 between the claim's commit and the payment's leaves: a running claim, no
    // payment, no answer.
    expect(
      await claimIdempotencyKey(
        testStore(f.db),
        { merchantId: SHOP, mode: "test", key: "order-dead" },
        requestFingerprint("POST", "/api/v1/payments", JSON.stringify(body)),
        Date.now(),
      ),
    ).toEqual({ kind: "claimed" });
    expectApiError(await create(secret, "order-dead", body), {
      status: 409,
      type: "idempotency_error",
      code: "idempotency_key_in_use",
    });
    // A claim of this process, which runs: the start of another leaves it alone.
    expect(await releaseClaimsOfDeadRequests(testStore(f.db))).toBe(0);
    // Written by a process that has died (here: by a version before claims named their process).
    f.db
      .update(idempotencyKeys)
      .set({ holder: null })
      .where(and(eq(idempotencyKeys.merchantId, SHOP), eq(idempotencyKeys.key, "order-dead")))
      .run();
    expect(await releaseClaimsOfDeadRequests(testStore(f.db))).toBe(1);
    const retried = expectOk(await create(secret, "order-dead", body), 201);
    expect(paymentsWith(reference).map((row) => row.id)).toEqual([retried.id]);
    expect(storedKey(SHOP, "order-dead")?.state).toBe("done");
  });

  it("a claim whose server process has died (another process of several, ADR 0047) is taken over by the retry at once", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const reference = uniqueReference();
    const body = order({ reference });
    const claim = (key: string) =>
      claimIdempotencyKey(
        testStore(f.db),
        { merchantId: SHOP, mode: "test", key },
        requestFingerprint("POST", "/api/v1/payments", JSON.stringify(body)),
        Date.now(),
      );
    const heldBy = (key: string, holder: string) =>
      f.db
        .update(idempotencyKeys)
        .set({ holder })
        .where(and(eq(idempotencyKeys.merchantId, SHOP), eq(idempotencyKeys.key, key)))
        .run();
    // A running claim of a process still running (this test's parent): in use.
    expect(await claim("order-alive")).toEqual({ kind: "claimed" });
    heldBy("order-alive", `onehop ${process.ppid}@${hostname()}`);
    expectApiError(await create(secret, "order-alive", body), {
      status: 409,
      type: "idempotency_error",
      code: "idempotency_key_in_use",
    });
    // A running claim of a process that has ended (a worker killed with kill -9).
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
    expect(await claim("order-killed")).toEqual({ kind: "claimed" });
    heldBy("order-killed", `onehop ${gone}@${hostname()}`);
    const retried = expectOk(await create(secret, "order-killed", body), 201);
    expect(paymentsWith(reference).map((row) => row.id)).toEqual([retried.id]);
    expect(storedKey(SHOP, "order-killed")).toMatchObject({ state: "done", holder: null });
  });
});
