/** DATABASE_URL with several PostgreSQL hosts (libpq's form), read for failover (ADR 0046). */
import { describe, expect, it } from "vitest";
import { isConnectionLoss, parsePgHosts } from "./pg-hosts.server";

describe("several hosts in DATABASE_URL", () => {
  it("keeps a one-host URL as it is", () => {
    const url = "postgres://onehop:secret@db.internal:6432/onehop?sslmode=require";
    const parsed = parsePgHosts(url);
    expect(parsed.hosts).toHaveLength(1);
    expect(parsed.urlFor(parsed.hosts[0]!)).toBe(url);
  });

  it("reads each host with its port (5432 by default) and drops target_session_attrs", () => {
    const parsed = parsePgHosts(
      "postgresql://onehop:secret@db1:5433,db2/onehop?target_session_attrs=read-write&sslmode=require",
    );
    expect(parsed.hosts).toEqual([
      { host: "db1", port: 5433 },
      { host: "db2", port: 5432 },
    ]);
    expect(parsed.urlFor(parsed.hosts[1]!)).toBe(
      "postgresql://onehop:secret@db2:5432/onehop?sslmode=require",
    );
  });

  it("refuses a host it cannot read, and what is not a postgres URL", () => {
    expect(() => parsePgHosts("postgres://u@db1:5432,:5433/onehop")).toThrow(
      /cannot read the host/,
    );
    expect(() => parsePgHosts("mysql://u@db1/onehop")).toThrow(/not a postgres:\/\/ URL/);
  });

  it("tells a lost connection from an error in the work, read-only only with several hosts", () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    expect(isConnectionLoss(coded("ECONNREFUSED"))).toBe(true);
    expect(isConnectionLoss(coded("57P01"))).toBe(true);
    expect(isConnectionLoss(new Error("x", { cause: coded("08006") }))).toBe(true);
    expect(isConnectionLoss(coded("23505"))).toBe(false);
    expect(isConnectionLoss(coded("25006"))).toBe(false);
    expect(isConnectionLoss(coded("25006"), { severalHosts: true })).toBe(true);
  });
});
