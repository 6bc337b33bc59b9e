/**
 * The bench's operator session, for the simulator control routes. Two-factor sign-in is
 * mandatory for operators (issue 12), so the bench turns it on for its operator straight in the
 * bench database (a TOTP secret sealed with the server's key) and signs in through the real pages:
 * password, then the second step with a fresh one-time recovery code.
 */
import Database from "better-sqlite3";
import { hashRecoveryCode, newRecoveryCodes } from "~/core/accounts/recovery-codes.server";
import { deriveTotpKey, newTotpSecret, sealSecret } from "~/core/accounts/totp.server";

export interface BenchOperator {
  email: string;
  password: string;
  /** The server's database file and SESSION_SECRET. */
  database: string;
  sessionSecret: string;
}

function enableTwoFactorAndMintCode(operator: BenchOperator): string {
  const db = new Database(operator.database);
  try {
    const sealed = sealSecret(newTotpSecret(), deriveTotpKey(operator.sessionSecret));
    db.prepare(
      "update operators set totp_secret = ?, totp_enabled_at = ? where email = ? and totp_enabled_at is null",
    ).run(sealed, Date.now(), operator.email);
    const row = db.prepare("select id from operators where email = ?").get(operator.email) as
      { id: string } | undefined;
    if (!row) throw new Error(`no operator ${operator.email} in the bench database`);
    const [code] = newRecoveryCodes(1) as [string];
    db.prepare(
      "insert into recovery_codes (subject_type, subject_id, code_hash, created_at) values ('operator', ?, ?, ?)",
    ).run(row.id, hashRecoveryCode(code), Date.now());
    return code;
  } finally {
    db.close();
  }
}

/** `name=value` pairs of a response's cookies, merged over `jar`. */
function withCookies(jar: Map<string, string>, response: Response): Map<string, string> {
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return jar;
}

const header = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** A signed-in operator's Cookie header. */
export async function operatorCookie(baseUrl: string, operator: BenchOperator): Promise<string> {
  const code = enableTwoFactorAndMintCode(operator);
  const form = "application/x-www-form-urlencoded";
  const jar = new Map<string, string>();
  const signIn = await fetch(`${baseUrl}/admin/signin`, {
    method: "POST",
    headers: { "content-type": form },
    body: new URLSearchParams({ email: operator.email, password: operator.password }).toString(),
    redirect: "manual",
  });
  if (signIn.status !== 302) throw new Error(`operator sign-in failed (HTTP ${signIn.status})`);
  withCookies(jar, signIn);
  const verified = await fetch(`${baseUrl}/admin/signin/verify`, {
    method: "POST",
    headers: { "content-type": form, cookie: header(jar), origin: new URL(baseUrl).origin },
    body: new URLSearchParams({ code }).toString(),
    redirect: "manual",
  });
  if (verified.status !== 302)
    throw new Error(`operator second step failed (HTTP ${verified.status})`);
  return header(withCookies(jar, verified));
}
