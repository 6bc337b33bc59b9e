/**
 * The PesaLink simulator's incoming credits: someone sends money over PesaLink to our collection
 * account (a merchant topping up its balance, quoting its reference); the bank notifies us at
 * `incomingCreditUrl` with a Jenga-style IPN (core/providers/pesalink/incoming.ts), the raw body
 * signed with the bank's key in x-jenga-signature, as the result callbacks are. Sent at once (the
 * control waits for our answer); every attempt is logged.
 */
import type { KeyLike } from "node:crypto";
import type { PesalinkIncoming } from "~/core/providers/pesalink/incoming";
import { signText } from "~/core/providers/pesalink/signature.server";
import { CALLBACK_SIGNATURE_HEADER } from "~/core/providers/pesalink/types";
import type { SeededRandom } from "~/simulators/daraja/random";

export interface IncomingCreditInput {
  amountKes: number;
  /** What the sender quotes ("OHK3NYA2"). */
  reference: string;
  senderName?: string;
  senderBank?: string;
  senderAccount?: string;
}

export interface IncomingCreditLog {
  at: number;
  url: string;
  body: PesalinkIncoming;
  status: number | undefined;
  error: string | undefined;
}

export function createIncomingCredits(options: {
  url: string | undefined;
  bankPrivateKey: KeyLike;
  /** Our collection account number at the bank. */
  account: string;
  now: () => number;
  random: SeededRandom;
  timeoutMs: number;
  /** The money lands on our account (the balance call reports it). */
  receive: (kes: number) => void;
}) {
  const log: IncomingCreditLog[] = [];
  return {
    log: log as readonly IncomingCreditLog[],
    /** Send one credit's notification; resolves with what we answered. */
    async send(input: IncomingCreditInput): Promise<IncomingCreditLog> {
      if (!options.url) throw new Error("No incoming credit URL is configured");
      if (!Number.isSafeInteger(input.amountKes * 100) || input.amountKes <= 0)
        throw new Error("amountKes must be a positive amount");
      const body: PesalinkIncoming = {
        callbackType: "IPN",
        customer: { name: input.senderName ?? "JANE WANJIKU", reference: input.reference },
        transaction: {
          date: new Date(options.now()).toISOString(),
          reference: `PSL${options.random.chars("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 10)}`,
          paymentMode: "PESALINK",
          amount: input.amountKes.toFixed(2),
          currency: "KES",
          status: "SUCCESS",
          remarks: input.reference,
        },
        bank: {
          account: options.account,
          senderBank: input.senderBank ?? "Simulated Bank",
          senderAccount: input.senderAccount ?? "0100000000001",
        },
      };
      const raw = JSON.stringify(body);
      const entry: IncomingCreditLog = {
        at: options.now(),
        url: options.url,
        body,
        status: undefined,
        error: undefined,
      };
      log.push(entry);
      options.receive(input.amountKes);
      try {
        const response = await fetch(options.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [CALLBACK_SIGNATURE_HEADER]: signText(raw, options.bankPrivateKey),
          },
          body: raw,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        entry.status = response.status;
        await response.text();
      } catch (error) {
        entry.error = error instanceof Error ? error.message : String(error);
      }
      return entry;
    },
  };
}
