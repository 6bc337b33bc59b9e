/**
 * The API's one error shape: `{"error":{"type","code","message","param","request_id"}}` with the
 * HTTP status that fits. Handlers throw ApiError; zod failures become 400 with the field named.
 */
import type { ZodError } from "zod";
import { apiErrorCodes, type ApiErrorCode, type ApiErrorType } from "~/core/api/error-codes";

export { apiErrorTypes, type ApiErrorType } from "~/core/api/error-codes";

/** A refusal: its status and type follow from its code (core/api/error-codes.ts). */
export class ApiError extends Error {
  readonly status: number;
  readonly type: ApiErrorType;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    ({ status: this.status, type: this.type } = apiErrorCodes[code]);
  }
}

export const notFound = (what: string, id: string, param: string | null = "id") =>
  new ApiError("resource_missing", `No such ${what}: '${id}'.`, param);

/** A test helper called with a live key (issue 32). */
export const testModeOnly = () =>
  new ApiError(
    "test_mode_only",
    "Test helpers work only with a test key (oh_test_…); they never touch live data.",
  );

/** The dotted path of a zod issue ("metadata.order"), or null for the body itself. */
const pathOf = (path: (string | number)[]) => (path.length ? path.join(".") : null);

/** The first problem of a failed parse, as a 400 that names the field. */
export function fromZodError(error: ZodError, where: "body" | "query"): ApiError {
  const issue = error.issues[0]!;
  // A query's parameters are flat: an item of a list (`expand[]`) is named by its parameter.
  const param = where === "query" && issue.path.length ? String(issue.path[0]) : pathOf(issue.path);
  if (issue.code === "unrecognized_keys") {
    const names = issue.keys.map((key) => (param ? `${param}.${key}` : key));
    return new ApiError(
      "parameter_unknown",
      `Unknown ${where === "query" ? "query parameter" : "field"}${names.length > 1 ? "s" : ""}: ${names.join(", ")}.`,
      names[0] ?? null,
    );
  }
  if (issue.code === "invalid_type" && issue.received === "undefined") {
    return new ApiError(
      "parameter_missing",
      `Missing required ${where === "query" ? "query parameter" : "field"}: ${param ?? "body"}.`,
      param,
    );
  }
  return new ApiError(
    "parameter_invalid",
    param ? `${param}: ${issue.message}` : issue.message,
    param,
  );
}

export function errorBody(error: ApiError, requestId: string) {
  return {
    error: {
      type: error.type,
      code: error.code,
      message: error.message,
      param: error.param,
      request_id: requestId,
    },
  };
}
