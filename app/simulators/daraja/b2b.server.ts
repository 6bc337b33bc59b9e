/**
 * The simulator's M-Pesa B2B (protocols.md §1.4): `POST /mpesa/b2b/v1/paymentrequest`, served by
 * api.server.ts behind the same Bearer token check as B2C.
 *
 * - Checks like Daraja, each refusal a 400 `400.002.02` "Bad Request - Invalid <field>":
 *   Initiator, SecurityCredential (base64), CommandID (`BusinessPayBill` / `BusinessBuyGoods`),
 *   SenderIdentifierType and RecieverIdentifierType ("4" only), Amount (a whole number of KES),
 *   PartyA and PartyB (5 to 7 digits), AccountReference (1 to 13 characters; required for
 *   BusinessPayBill), Requester (optional, 2547…/2541…), Remarks (1 to 100), QueueTimeOutURL and
 *   ResultURL.
 * - Answers the synchronous ack with an OriginatorConversationID of Daraja's making (the request
 *   carries none of ours), then POSTs the Result to ResultURL through the same queue as B2C Results
 *   (after `callbackDelayMs`, or on `flush()`, in order), or a timeout to QueueTimeOutURL, or
 *   nothing ("silent"). The Result has Daraja's B2B keys: InitiatorAccountCurrentBalance,
 *   DebitAccountCurrentBalance, Amount, DebitPartyAffectedAccountBalance, TransCompletedTime,
 *   DebitPartyCharges ("Business Pay Bill Charge|KES|23.00"), ReceiverPartyPublicName ("700100 -
 *   NAME"), Currency; ReferenceData has BillReferenceNumber (the AccountReference) and
 *   QueueTimeoutURL.
 * - Outcomes are decided on acceptance, per receiving shortcode: `setB2bOutcome()` (control route
 *   POST /__sim/b2b-outcome), else `b2bMagicShortCodes`, else success; a bad SecurityCredential
 *   (with `initiator` set) is 2001; above `maxAmountKes` ResultCode 3; amount + charge above the
 *   float ResultCode 1.
 * - Money: a paid B2B debits the simulated float (the Utility Account the balance query reports)
 *   by the amount AND the charge, both at once. Daraja's docs say B2B pays from the MMF / Working
 *   account; the simulator has one float, so it debits that and names it in
 *   DebitPartyAffectedAccountBalance.
 * - Accepted payments are kept in the store (kind "b2b") with the float, so after a restart they
 *   are still known to the transaction status query (by receipt or either conversation id).
 */
import { isKenyanMsisdn } from "~/core/providers/daraja/msisdn";
import { formatDarajaTimestamp } from "~/core/providers/daraja/eat-time";
import {
  ACCEPTED_DESCRIPTION,
  B2B_ACCOUNT_REFERENCE_MAX,
  B2B_COMMAND_IDS,
  B2B_IDENTIFIER_TYPE,
  type B2bCommandId,
} from "~/core/providers/daraja/wire";
import {
  BadField,
  digitsOf,
  isHttpUrl,
  requiredText,
  wholeAmount,
  type ApiAnswer,
} from "./api.server";
import type { CallbackQueue, ResultCallbackBody } from "./callbacks.server";
import { mpesaB2bChargeKes } from "~/content/tariff";
import { reportedKes } from "./drift";
import type { DarajaIds } from "./ids.server";
import type { DarajaState } from "./state.server";
import type { B2bSimOutcome, SimulatedB2bPayment } from "./types";

/** The simulator's B2B charge (whole KES) for `amountKes`: M-Pesa's B2B bands (content/tariff). */
export const simulatedB2bChargeKes = (amountKes: number): number => mpesaB2bChargeKes(amountKes);

/** The charge's name in DebitPartyCharges, as on M-Pesa statements. */
const CHARGE_NAME: Record<B2bCommandId, string> = {
  BusinessPayBill: "Business Pay Bill Charge",
  BusinessBuyGoods: "Business Buy Goods Charge",
};

/** ReasonType of a B2B payment in a transaction status Result. */
const REASON_TYPE: Record<B2bCommandId, string> = {
  BusinessPayBill: "Business Pay Bill",
  BusinessBuyGoods: "Business Buy Goods",
};

const BUSINESSES = [
  "KENYA POWER",
  "NAIROBI WATER",
  "MWANGI HARDWARE LTD",
  "ACHIENG SUPPLIES",
  "EQUITY BANK",
  "KAMAU WHOLESALERS",
  "CHEBET DAIRY LTD",
  "OTIENO LOGISTICS",
];

const PROCESSED = "The service request is processed successfully.";
const FAILURES: Record<
  Exclude<B2bSimOutcome, "success" | "silent" | "timeout">,
  { code: number | string; desc: string }
> = {
  "insufficient-float": { code: 1, desc: "The balance is insufficient for the transaction." },
  "invalid-account": { code: 2007, desc: "External validation failed for the C2B transaction." },
  "not-permitted": {
    code: 2028,
    desc: "The request is not permitted according to product assignment.",
  },
  "unknown-receiver": { code: "SFC_IC0003", desc: "The operator does not exist." },
  "invalid-initiator": { code: 2001, desc: "The initiator information is invalid." },
};

export interface B2bSimulatorSettings {
  now: () => number;
  ids: DarajaIds;
  state: DarajaState;
  queue: CallbackQueue;
  /** ResultCode 3 above this. */
  maxAmountKes: number;
  organisationName: string;
  credentialValid(initiator: string, credential: string): boolean;
}

interface B2bRequest {
  initiator: string;
  credential: string;
  commandId: B2bCommandId;
  amount: number;
  partyA: string;
  partyB: string;
  accountReference: string | undefined;
  requester: string | undefined;
  queueTimeoutUrl: string;
  resultUrl: string;
}

function validate(body: Record<string, unknown>): B2bRequest {
  const initiator = requiredText(body, "Initiator", 100);
  const credential = requiredText(body, "SecurityCredential", 4096);
  if (!/^[A-Za-z0-9+/=\s]+$/.test(credential)) throw new BadField("SecurityCredential");
  const commandId = body.CommandID;
  if (typeof commandId !== "string" || !B2B_COMMAND_IDS.includes(commandId as B2bCommandId))
    throw new BadField("CommandID");
  if (digitsOf(body.SenderIdentifierType) !== B2B_IDENTIFIER_TYPE)
    throw new BadField("SenderIdentifierType");
  if (digitsOf(body.RecieverIdentifierType) !== B2B_IDENTIFIER_TYPE)
    throw new BadField("RecieverIdentifierType");
  const amount = wholeAmount(body.Amount);
  if (amount === undefined) throw new BadField("Amount");
  const partyA = digitsOf(body.PartyA);
  if (!partyA || !/^\d{5,7}$/.test(partyA)) throw new BadField("PartyA");
  const partyB = digitsOf(body.PartyB);
  if (!partyB || !/^\d{5,7}$/.test(partyB)) throw new BadField("PartyB");
  const reference = body.AccountReference;
  let accountReference: string | undefined;
  if (reference === undefined || reference === null || reference === "") {
    if (commandId === "BusinessPayBill") throw new BadField("AccountReference");
  } else {
    accountReference = requiredText(body, "AccountReference", B2B_ACCOUNT_REFERENCE_MAX);
  }
  let requester: string | undefined;
  if (body.Requester !== undefined && body.Requester !== null && body.Requester !== "") {
    requester = digitsOf(body.Requester);
    if (!requester || !isKenyanMsisdn(requester)) throw new BadField("Requester");
  }
  requiredText(body, "Remarks", 100);
  if (!isHttpUrl(body.QueueTimeOutURL)) throw new BadField("QueueTimeOutURL");
  if (!isHttpUrl(body.ResultURL)) throw new BadField("ResultURL");
  return {
    initiator,
    credential,
    commandId: commandId as B2bCommandId,
    amount,
    partyA,
    partyB,
    accountReference,
    requester,
    queueTimeoutUrl: body.QueueTimeOutURL,
    resultUrl: body.ResultURL,
  };
}

export function createB2bSimulator(settings: B2bSimulatorSettings) {
  const { now, ids, state, queue, maxAmountKes, organisationName } = settings;

  const nameFor = (shortCode: string) =>
    BUSINESSES[Number(shortCode.slice(-2)) % BUSINESSES.length] ?? "ACME SUPPLIES LTD";

  /** Daraja's balance structure: `{Amount={BasicAmount=46713.00, MinimumAmount=4671300, …}}`. */
  function amountStructure(kes: number): string {
    const basic = reportedKes(kes, 0);
    const cents = BigInt(Math.round(kes * 100)).toString();
    return `{Amount={BasicAmount=${basic}, MinimumAmount=${cents}, CurrencyCode=KES}}`;
  }

  function referenceData(payment: SimulatedB2bPayment, queueTimeoutUrl: string) {
    const items: { Key: string; Value?: string }[] = [];
    if (payment.accountReference !== undefined)
      items.push({ Key: "BillReferenceNumber", Value: payment.accountReference });
    items.push({ Key: "QueueTimeoutURL", Value: queueTimeoutUrl });
    // Daraja's sample sometimes ends with an Occasion without a Value.
    if (ids.chance(0.3)) items.push({ Key: "Occasion" });
    return { ReferenceItem: items.length === 1 ? ids.oneOrArray(items[0]) : items };
  }

  function resultBody(payment: SimulatedB2bPayment, queueTimeoutUrl: string): ResultCallbackBody {
    const result: Record<string, unknown> = {
      ResultType: 0,
      ResultCode: payment.resultCode,
      ResultDesc: payment.resultDesc,
      OriginatorConversationID: payment.originatorConversationId,
      ConversationID: payment.conversationId,
      TransactionID: payment.transactionId,
    };
    if (payment.resultCode === 0) {
      const float = state.floatKes();
      const charge = payment.chargeKes;
      result.ResultParameters = {
        ResultParameter: [
          { Key: "InitiatorAccountCurrentBalance", Value: amountStructure(float) },
          { Key: "DebitAccountCurrentBalance", Value: amountStructure(float) },
          { Key: "Amount", Value: ids.maybeString(payment.amountKes, 2) },
          {
            Key: "DebitPartyAffectedAccountBalance",
            Value: `Utility Account|KES|${reportedKes(float, 0)}|${reportedKes(float, 0)}|0.00|0.00`,
          },
          {
            Key: "TransCompletedTime",
            Value: ids.maybeString(Number(formatDarajaTimestamp(payment.completedAt))),
          },
          charge > 0
            ? {
                Key: "DebitPartyCharges",
                Value: `${CHARGE_NAME[payment.commandId]}|KES|${reportedKes(charge, 0)}`,
              }
            : { Key: "DebitPartyCharges" },
          { Key: "ReceiverPartyPublicName", Value: `${payment.partyB} - ${payment.receiverName}` },
          { Key: "Currency", Value: "KES" },
        ],
      };
    } else if (ids.chance(0.5)) {
      // Failures usually carry no ResultParameters; sometimes a single one, as an object.
      result.ResultParameters = {
        ResultParameter: ids.oneOrArray({
          Key: "BOCompletedTime",
          Value: ids.maybeString(Number(formatDarajaTimestamp(payment.completedAt))),
        }),
      };
    }
    result.ReferenceData = referenceData(payment, queueTimeoutUrl);
    return { Result: result as ResultCallbackBody["Result"] };
  }

  function handle(body: Record<string, unknown>): ApiAnswer {
    const request = validate(body);
    const outcome: B2bSimOutcome = !settings.credentialValid(request.initiator, request.credential)
      ? "invalid-initiator"
      : (state.b2bOverrides.get(request.partyB) ?? state.b2bMagic[request.partyB] ?? "success");
    const chargeKes = simulatedB2bChargeKes(request.amount);

    let decided: { code: number | string; desc: string } | undefined;
    if (outcome === "timeout") decided = undefined;
    else if (outcome !== "success" && outcome !== "silent") decided = FAILURES[outcome];
    else if (request.amount > maxAmountKes)
      decided = {
        code: 3,
        desc: "Declined due to limit rule: greater than the maximum transaction amount.",
      };
    else if (request.amount + chargeKes > state.floatKes())
      decided = FAILURES["insufficient-float"];
    else decided = { code: 0, desc: PROCESSED };
    const paid = decided?.code === 0;
    // The amount and its charge leave the float together.
    if (paid) state.debitFloat(request.amount + chargeKes);

    let originatorConversationId = ids.darajaOriginatorId();
    while (state.b2bByOriginator.has(originatorConversationId))
      originatorConversationId = ids.darajaOriginatorId();
    const at = now();
    const payment: SimulatedB2bPayment = {
      originatorConversationId,
      conversationId: ids.conversationId(),
      transactionId: ids.receipt(),
      commandId: request.commandId,
      partyA: request.partyA,
      partyB: request.partyB,
      accountReference: request.accountReference,
      requester: request.requester,
      amountKes: request.amount,
      chargeKes: paid ? chargeKes : 0,
      outcome,
      resultCode: decided?.code,
      resultDesc: decided?.desc ?? "The service request has timed out.",
      status: decided === undefined ? "NotProcessed" : paid ? "Completed" : "Failed",
      receiverName: nameFor(request.partyB),
      initiatedAt: at,
      completedAt: at,
    };
    state.recordB2b(payment);

    if (outcome === "timeout") {
      queue.enqueue("b2b-timeout", request.queueTimeoutUrl, {
        Result: {
          ResultType: 0,
          ResultCode: 1,
          ResultDesc: "The service request has timed out.",
          OriginatorConversationID: payment.originatorConversationId,
          ConversationID: payment.conversationId,
          TransactionID: "",
        },
      });
    } else if (outcome !== "silent") {
      queue.enqueue("b2b-result", request.resultUrl, resultBody(payment, request.queueTimeoutUrl));
    }
    return {
      status: 200,
      body: {
        OriginatorConversationID: payment.originatorConversationId,
        ConversationID: payment.conversationId,
        ResponseCode: "0",
        ResponseDescription: ACCEPTED_DESCRIPTION,
      },
    };
  }

  /** The ResultParameters of a transaction status Result about a B2B payment. */
  function statusParameters(payment: SimulatedB2bPayment) {
    return [
      { Key: "ReceiptNo", Value: payment.transactionId },
      { Key: "Conversation ID", Value: payment.conversationId },
      {
        Key: "FinalisedTime",
        Value: ids.maybeString(Number(formatDarajaTimestamp(payment.completedAt))),
      },
      { Key: "Amount", Value: ids.maybeString(payment.amountKes) },
      { Key: "TransactionStatus", Value: payment.status },
      { Key: "ReasonType", Value: REASON_TYPE[payment.commandId] },
      payment.status === "Failed"
        ? { Key: "TransactionReason", Value: payment.resultDesc }
        : { Key: "TransactionReason" },
      payment.chargeKes > 0
        ? {
            Key: "DebitPartyCharges",
            Value: `${CHARGE_NAME[payment.commandId]}|KES|${reportedKes(payment.chargeKes, 0)}`,
          }
        : { Key: "DebitPartyCharges" },
      { Key: "DebitAccountType", Value: "Utility Account" },
      {
        Key: "InitiatedTime",
        Value: ids.maybeString(Number(formatDarajaTimestamp(payment.initiatedAt))),
      },
      { Key: "Originator Conversation ID", Value: payment.originatorConversationId },
      { Key: "CreditPartyName", Value: `${payment.partyB} - ${payment.receiverName}` },
      { Key: "DebitPartyName", Value: `${payment.partyA} - ${organisationName}` },
    ];
  }

  return { handle, statusParameters };
}

export type B2bSimulator = ReturnType<typeof createB2bSimulator>;
