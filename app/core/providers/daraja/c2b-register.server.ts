/**
 * Registering our C2B (Pay Bill) URLs with Daraja (protocols.md §1.3): `POST
 * /mpesa/c2b/v2/registerurl` with the shortcode, what to do when our ValidationURL cannot be
 * reached, and the two URLs. Resolves on `ResponseCode "0"`, throws Daraja's refusal otherwise.
 */
import { c2bUrlAllowed, type C2bResponseType } from "./c2b";
import { DarajaValidationError } from "./errors";
import {
  answerError,
  createDarajaTransport,
  requireHttpUrl,
  type DarajaTransportOptions,
} from "./transport.server";

export interface C2bUrls {
  shortCode: string;
  /** "Completed": take the payment when our validation cannot be reached. */
  responseType: C2bResponseType;
  confirmationUrl: string;
  validationUrl: string;
}

export async function registerC2bUrls(
  options: Omit<DarajaTransportOptions, "label">,
  urls: C2bUrls,
): Promise<void> {
  for (const [field, url] of [
    ["ConfirmationURL", urls.confirmationUrl],
    ["ValidationURL", urls.validationUrl],
  ] as const) {
    requireHttpUrl(field, url);
    if (!c2bUrlAllowed(url))
      throw new DarajaValidationError(field, `${field} contains a word Daraja refuses`);
  }
  const transport = createDarajaTransport({ ...options, label: "Daraja C2B" });
  const answer = await transport.post("/mpesa/c2b/v2/registerurl", {
    ShortCode: urls.shortCode,
    ResponseType: urls.responseType,
    ConfirmationURL: urls.confirmationUrl,
    ValidationURL: urls.validationUrl,
  });
  const code = (answer.json as { ResponseCode?: unknown } | undefined)?.ResponseCode;
  if (answer.status !== 200 || String(code) !== "0") throw answerError(answer, "Daraja C2B");
}
