/**
 * `npm run apikey:create` as an operator runs it (issue 13, item 1): a real process on a real
 * database file. The key alone on stdout (once), a note on stderr, only its hash stored; every bad
 * argument is one line on stderr with exit code 2 and creates nothing.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { apiKeys } from "../drizzle/schema";
import { authenticateApiKey } from "../app/core/api/keys.server";
import { createTestDb, testStore } from "../tests/setup/db";
import { addMember } from "../tests/setup/members";
import { addMerchant } from "../tests/setup/payments";

const { db, file, close } = createTestDb();
afterAll(close);
const SHOP = "MRC-CTKY22";
const NOBODY = "MRC-CTKY33";
addMerchant(db, SHOP);
addMerchant(db, NOBODY);
const owner = addMember(db, SHOP, "owner");
const developer = addMember(db, SHOP, "developer", { username: "dev-ci" });

function run(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/apikey-create.ts", ...args],
    {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: file },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  const lines = (text: string) => text.split("\n").filter((line) => line.trim() !== "");
  return { status: result.status, stdout: lines(result.stdout), stderr: lines(result.stderr) };
}

const keyCount = () => db.select().from(apiKeys).all().length;

describe("npm run apikey:create", () => {
  it("prints the key once on stdout, a note on stderr, and stores only its hash", async () => {
    const { status, stdout, stderr } = run(
      "--merchant",
      SHOP,
      "--mode",
      "test",
      "--scopes",
      "payments:read,payments:write",
    );
    expect(status, stderr.join("\n")).toBe(0);
    expect(stdout).toHaveLength(1);
    const secret = stdout[0]!;
    expect(secret).toMatch(/^oh_test_[0-9A-Za-z]{32}$/);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toContain(`for ${SHOP}`);
    expect(stderr[0]).not.toContain(secret);

    const row = db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.secretHash, createHash("sha256").update(secret).digest("hex")))
      .get();
    expect(row).toMatchObject({
      merchantId: SHOP,
      mode: "test",
      name: "Created from the command line",
      // The key is the first active owner's when no member is named (ADR 0038).
      createdBy: owner.id,
      expiresAt: null,
    });
    expect(JSON.stringify(row)).not.toContain(secret.slice(8));
    expect(await authenticateApiKey(testStore(db), secret, Date.now())).toMatchObject({
      ok: true,
      key: { merchantId: SHOP, mode: "test", scopes: ["payments:read", "payments:write"] },
    });
  });

  it("takes a name and an expiry", () => {
    const { status, stdout } = run(
      "--merchant",
      SHOP,
      "--mode",
      "live",
      "--scopes",
      "balances:read",
      "--name",
      "Shop server",
      "--expires-days",
      "90",
    );
    expect(status).toBe(0);
    const row = db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.secretHash, createHash("sha256").update(stdout[0]!).digest("hex")))
      .get()!;
    expect(row).toMatchObject({ name: "Shop server", mode: "live", scopes: '["balances:read"]' });
    expect(row.expiresAt! - row.createdAt).toBe(90 * 86_400_000);
  });

  it("makes the key a named member's, and refuses scopes beyond that member's role", async () => {
    const made = run(
      ...["--merchant", SHOP, "--mode", "live", "--scopes", "payments:write"],
      ...["--member", developer.username],
    );
    expect(made.status, made.stderr.join("\n")).toBe(0);
    expect(made.stderr[0]).toContain(`(member ${developer.username})`);
    expect(await authenticateApiKey(testStore(db), made.stdout[0]!, Date.now())).toMatchObject({
      ok: true,
      key: { memberId: developer.id, role: "developer", scopes: ["payments:write"] },
    });
  });

  it.each([
    [
      ["--merchant", "MRC-ZZZZZZ", "--mode", "test", "--scopes", "payments:read"],
      "no merchant MRC-ZZZZZZ",
    ],
    [
      [
        "--merchant",
        SHOP,
        "--mode",
        "test",
        "--scopes",
        "refunds:write,payouts:write",
        "--member",
        "dev-ci",
      ],
      "--scopes: refunds:write, payouts:write are beyond the developer role",
    ],
    [
      ["--merchant", SHOP, "--mode", "test", "--scopes", "payments:read", "--member", "ghost"],
      `${SHOP} has no active member ghost`,
    ],
    [
      ["--merchant", NOBODY, "--mode", "test", "--scopes", "payments:read"],
      `${NOBODY} has no active owner`,
    ],
    [
      ["--merchant", "shop", "--mode", "test", "--scopes", "payments:read"],
      "--merchant must be a merchant ID",
    ],
    [
      ["--merchant", SHOP, "--mode", "prod", "--scopes", "payments:read"],
      "--mode must be test or live",
    ],
    [
      ["--merchant", SHOP, "--mode", "test", "--scopes", "payments:read,payments:delete"],
      "unknown scope payments:delete",
    ],
    [["--mode", "test", "--scopes", "payments:read"], "--merchant is required"],
    [["--merchant", SHOP, "--scopes", "payments:read"], "--mode is required"],
    [["--merchant", SHOP, "--mode", "test"], "--scopes is required"],
    [["--merchant", SHOP, "--mode", "test", "--scopes", ","], "--scopes needs at least one"],
    [
      ["--merchant", SHOP, "--mode", "test", "--scopes", "payments:read", "--expires-days", "0"],
      "--expires-days must be",
    ],
    [
      ["--merchant", SHOP, "--mode", "test", "--scopes", "payments:read", "--name", "x".repeat(61)],
      "--name must be at most 60",
    ],
    [
      ["--merchant", SHOP, "--mode", "test", "--scopes", "payments:read", "--secret", "x"],
      "Unknown option '--secret'",
    ],
  ])("refuses %j: one line, exit code 2, nothing created", (args, message) => {
    const before = keyCount();
    const { status, stdout, stderr } = run(...args);
    expect(status).toBe(2);
    expect(stdout).toEqual([]);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toContain(message);
    expect(keyCount()).toBe(before);
  });
});
