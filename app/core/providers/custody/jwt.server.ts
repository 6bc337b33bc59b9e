/**
 * Fireblocks API request authentication, with node:crypto only.
 *
 * Every request carries `X-API-Key: <api key>` and `Authorization: Bearer <JWT>`, the JWT signed
 * RS256 with the API user's RSA private key, with the claims
 *   uri       the request path and query, e.g. /v1/transactions/abc
 *   nonce     unique per request
 *   iat, exp  seconds since the epoch; exp less than 30 s after iat
 *   sub       the API key
 *   bodyHash  hex SHA-256 of the exact body bytes sent ("" for a request without a body)
 *
 * `verifyFireblocksJwt` is the server side of the same rules (used by the simulator), answering
 * with Fireblocks' documented 401 error codes.
 */
import {
  createHash,
  createPrivateKey,
  randomUUID,
  sign,
  verify,
  type KeyObject,
} from "node:crypto";
import { z } from "zod";

/** Longest lifetime we give a token; Fireblocks requires exp < iat + 30 s. */
export const JWT_TTL_SECONDS = 20;
/** Longest lifetime the simulator accepts. */
export const JWT_MAX_TTL_SECONDS = 30;

export function sha256Hex(body: string | Uint8Array): string {
  return createHash("sha256").update(body).digest("hex");
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString("base64url");
}

export interface JwtClaims {
  uri: string;
  nonce: string | number;
  iat: number;
  exp: number;
  sub: string;
  bodyHash: string;
}

export interface SignJwtInput {
  apiKey: string;
  privateKey: KeyObject | string;
  /** Path and query of the request, as the server will see it. */
  uri: string;
  /** The exact body sent ("" for none). */
  body: string;
  nowMs?: number;
  nonce?: string;
  ttlSeconds?: number;
}

export function signFireblocksJwt(input: SignJwtInput): string {
  const key =
    typeof input.privateKey === "string" ? createPrivateKey(input.privateKey) : input.privateKey;
  const iat = Math.floor((input.nowMs ?? Date.now()) / 1000);
  const claims: JwtClaims = {
    uri: input.uri,
    nonce: input.nonce ?? randomUUID(),
    iat,
    exp: iat + (input.ttlSeconds ?? JWT_TTL_SECONDS),
    sub: input.apiKey,
    bodyHash: sha256Hex(input.body),
  };
  const signingInput = `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${base64url(JSON.stringify(claims))}`;
  const signature = sign("sha256", Buffer.from(signingInput), key);
  return `${signingInput}.${signature.toString("base64url")}`;
}

/** Fireblocks' 401 answers (developers.fireblocks.com/reference/api-responses). */
export const authErrors = {
  invalidSignature: { code: -1, message: "invalid signature" },
  missingApiKey: { code: -2, message: "Unauthorized: Missing API key in the JWT" },
  missingJwt: { code: -3, message: "Unauthorized: JWT is missing" },
  wrongUri: { code: -4, message: "Unauthorized: Wrong URL in the JWT" },
  invalidFormat: { code: -5, message: "Unauthorized: Invalid token format" },
  wrongUser: { code: -6, message: "Unauthorized: Wrong user in the JWT" },
  notAccepted: { code: -7, message: "Unauthorized: Token was not accepted." },
  expired: { code: -10, message: "The request has expired." },
  futureIat: { code: -12, message: "The request is with a future issuance timestamp (iat)" },
} as const;
export type AuthError = (typeof authErrors)[keyof typeof authErrors];

const headerSchema = z.object({ alg: z.literal("RS256") }).passthrough();
const claimsSchema = z.object({
  uri: z.string(),
  nonce: z.union([z.string().min(1), z.number()]),
  iat: z.number().int(),
  exp: z.number().int(),
  sub: z.string().optional(),
  bodyHash: z.string(),
});

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeSegment(segment: string): unknown {
  if (!BASE64URL.test(segment)) return undefined;
  try {
    return JSON.parse(Buffer.from(segment, "base64url").toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

export interface VerifyJwtInput {
  /** The Authorization header value. */
  authorization: string | undefined;
  /** The X-API-Key header value. */
  apiKeyHeader: string | undefined;
  /** The request's path and query. */
  uri: string;
  rawBody: Buffer;
  nowMs: number;
  /**
   * Check the RS256 signature with this key; without one any well-formed token passes this step.
   */
  publicKey?: KeyObject;
  /** When set, the only API key accepted. */
  expectedApiKey?: string;
  clockSkewSeconds?: number;
}

export type VerifyJwtResult =
  | { ok: true; claims: z.infer<typeof claimsSchema> & { sub: string } }
  | { ok: false; error: AuthError };

const LEGACY_EMPTY_BODY_HASH = sha256Hex('""');

export function verifyFireblocksJwt(input: VerifyJwtInput): VerifyJwtResult {
  const fail = (error: AuthError): VerifyJwtResult => ({ ok: false, error });
  const match = /^Bearer\s+(\S+)$/i.exec(input.authorization?.trim() ?? "");
  if (!match?.[1]) return fail(authErrors.missingJwt);
  if (!input.apiKeyHeader) return fail(authErrors.missingApiKey);
  const parts = match[1].split(".");
  if (parts.length !== 3 || !parts[2] || !BASE64URL.test(parts[2]))
    return fail(authErrors.invalidFormat);
  const [headerPart = "", payloadPart = "", signaturePart] = parts;
  if (!headerSchema.safeParse(decodeSegment(headerPart)).success)
    return fail(authErrors.invalidFormat);
  if (input.publicKey) {
    let valid = false;
    try {
      valid = verify(
        "sha256",
        Buffer.from(`${headerPart}.${payloadPart}`),
        input.publicKey,
        Buffer.from(signaturePart, "base64url"),
      );
    } catch {
      valid = false;
    }
    if (!valid) return fail(authErrors.invalidSignature);
  }
  const claims = claimsSchema.safeParse(decodeSegment(payloadPart));
  if (!claims.success) return fail(authErrors.invalidFormat);
  const { sub, uri, iat, exp, bodyHash } = claims.data;
  if (!sub) return fail(authErrors.missingApiKey);
  if (sub !== input.apiKeyHeader) return fail(authErrors.wrongUser);
  if (input.expectedApiKey !== undefined && sub !== input.expectedApiKey)
    return fail(authErrors.notAccepted);
  if (uri !== input.uri) return fail(authErrors.wrongUri);
  const nowSeconds = Math.floor(input.nowMs / 1000);
  const skew = input.clockSkewSeconds ?? 5;
  if (nowSeconds >= exp) return fail(authErrors.expired);
  if (iat > nowSeconds + skew) return fail(authErrors.futureIat);
  if (exp - iat > JWT_MAX_TTL_SECONDS || exp <= iat) return fail(authErrors.notAccepted);
  const expected = sha256Hex(input.rawBody);
  // The legacy JS SDK hashes JSON.stringify("") for requests without a body; accept both for those.
  const bodyOk =
    bodyHash === expected || (input.rawBody.length === 0 && bodyHash === LEGACY_EMPTY_BODY_HASH);
  if (!bodyOk) return fail(authErrors.notAccepted);
  return { ok: true, claims: { ...claims.data, sub } };
}
