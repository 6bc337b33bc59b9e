/**
 * Starting the Airtel Money, PesaLink and T-Kash simulators (PROVIDER_MODE=simulator only). The
 * composition place imports this module dynamically, so a live process never loads a simulator.
 *
 * - Each keeps its transactions in the simulators' own database (ADR 0045; `simulator_records`,
 *   simulators "airtel", "pesalink" and "tkash"), as the providers would: after a restart a
 *   repeated id still pays once and the status query still knows every transfer.
 * - Keys are made at each start (the Airtel PIN key pair, our PesaLink signing pair and the bank's
 *   callback pair, the callback secrets); both ends get them here, so nothing is configured.
 */
import { generateKeyPair, randomBytes, randomInt } from "node:crypto";
import { promisify } from "node:util";
import type { CallbackRail } from "~/core/payments/rail-results.server";
import { createAirtelClient } from "~/core/providers/airtel/client.server";
import { createPesalinkClient } from "~/core/providers/pesalink/client.server";
import { createTkashClient } from "~/core/providers/tkash/client.server";
import { airtelRail } from "~/core/rails/airtel.server";
import { pesalinkRail } from "~/core/rails/pesalink.server";
import { tkashRail } from "~/core/rails/tkash.server";
import { startAirtelSimulator, type AirtelSimulator } from "~/simulators/airtel/index.server";
import { startPesalinkSimulator, type PesalinkSimulator } from "~/simulators/pesalink/index.server";
import { startTkashSimulator, type TkashSimulator } from "~/simulators/tkash/index.server";
import { createDbSimulatorStore, type SimulatorDatabase } from "~/simulators/store.server";
import type { RailSettingName } from "~/utils/env.server";
import type { RailClients } from "../rails.server";

const rsaPair = () =>
  promisify(generateKeyPair)("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });

/** The simulated PIN of our Airtel disbursement wallet, and the PesaLink account we pay from. */
const AIRTEL_SIM_PIN = "1234";
const PESALINK_SIM_SOURCE = { accountNumber: "1100000000001", name: "OneHop Settlement" };

export interface RailSimulations extends RailClients {
  airtelSimulator: AirtelSimulator;
  pesalinkSimulator: PesalinkSimulator;
  tkashSimulator: TkashSimulator;
  /**
   * The same rails as live settings (AIRTEL_*, PESALINK_*, TKASH_*): what an app process that
   * reaches these simulators from elsewhere configures (the simulator host, ADR 0047).
   */
  settings: Record<RailSettingName, string>;
}

export async function startRailSimulations(
  state: SimulatorDatabase,
  options: {
    /** Our callback URL per rail. */
    callbackUrls: Record<CallbackRail, string>;
    /** Where the bank notifies money received on our account (top-ups, issue 30). */
    incomingCreditUrl?: string;
    /** 0: callbacks only on each simulator's flush() (tests). */
    callbackDelayMs: number;
    timeoutMs: number;
    /**
     * Each simulator's opening float (KES) when it has no stored state yet: the sum of the ledger
     * books' opening floats of the rail, so the two agree from the start (ADR 0036).
     */
    openingFloatKes?: number;
  },
): Promise<RailSimulations> {
  const secret = () => randomBytes(24).toString("hex");
  const [pinKeys, clientKeys, bankKeys] = await Promise.all([rsaPair(), rsaPair(), rsaPair()]);
  const airtelKeys = { clientId: "onehop-sim", clientSecret: secret(), callbackSecret: secret() };
  const pesalinkKeys = {
    apiKey: "onehop-sim",
    merchantCode: "0000000001",
    consumerSecret: secret(),
  };
  const tkashKeys = { apiKey: "onehop-sim", apiSecret: secret() };
  const { callbackDelayMs, timeoutMs } = options;

  const [airtelSimulator, pesalinkSimulator, tkashSimulator] = await Promise.all([
    startAirtelSimulator({
      clientId: airtelKeys.clientId,
      clientSecret: airtelKeys.clientSecret,
      pin: { pin: AIRTEL_SIM_PIN, privateKeyPem: pinKeys.privateKey },
      callbackUrl: options.callbackUrls["airtel-money"],
      callbackSecret: airtelKeys.callbackSecret,
      callbackDelayMs,
      seed: randomInt(1, 2 ** 31),
      floatKes: options.openingFloatKes,
      store: createDbSimulatorStore(state, "airtel"),
    }),
    startPesalinkSimulator({
      ...pesalinkKeys,
      clientPublicKey: clientKeys.publicKey,
      bankPrivateKey: bankKeys.privateKey,
      callbackUrl: options.callbackUrls.pesalink,
      incomingCreditUrl: options.incomingCreditUrl,
      callbackDelayMs,
      seed: randomInt(1, 2 ** 31),
      sourceBalanceKes: options.openingFloatKes,
      store: createDbSimulatorStore(state, "pesalink"),
    }),
    startTkashSimulator({
      ...tkashKeys,
      callbackDelayMs,
      floatKes: options.openingFloatKes,
      store: createDbSimulatorStore(state, "tkash"),
    }),
  ]);

  const airtel = createAirtelClient({
    baseUrl: airtelSimulator.baseUrl,
    clientId: airtelKeys.clientId,
    clientSecret: airtelKeys.clientSecret,
    pin: { pin: AIRTEL_SIM_PIN, publicKey: pinKeys.publicKey },
    timeoutMs,
  });
  const pesalink = createPesalinkClient({
    baseUrl: pesalinkSimulator.baseUrl,
    ...pesalinkKeys,
    privateKey: clientKeys.privateKey,
    sourceAccountNumber: PESALINK_SIM_SOURCE.accountNumber,
    sourceName: PESALINK_SIM_SOURCE.name,
    timeoutMs,
  });
  const tkash = createTkashClient({
    baseUrl: tkashSimulator.baseUrl,
    ...tkashKeys,
    callbackUrl: options.callbackUrls["t-kash"],
    timeoutMs,
  });
  return {
    airtelSimulator,
    pesalinkSimulator,
    tkashSimulator,
    settings: {
      AIRTEL_BASE_URL: airtelSimulator.baseUrl,
      AIRTEL_CLIENT_ID: airtelKeys.clientId,
      AIRTEL_CLIENT_SECRET: airtelKeys.clientSecret,
      AIRTEL_PIN: AIRTEL_SIM_PIN,
      AIRTEL_PIN_PUBLIC_KEY: pinKeys.publicKey,
      AIRTEL_CALLBACK_SECRET: airtelKeys.callbackSecret,
      PESALINK_BASE_URL: pesalinkSimulator.baseUrl,
      PESALINK_API_KEY: pesalinkKeys.apiKey,
      PESALINK_MERCHANT_CODE: pesalinkKeys.merchantCode,
      PESALINK_CONSUMER_SECRET: pesalinkKeys.consumerSecret,
      PESALINK_PRIVATE_KEY_PEM: clientKeys.privateKey,
      PESALINK_BANK_PUBLIC_KEY_PEM: bankKeys.publicKey,
      PESALINK_SOURCE_ACCOUNT_NUMBER: PESALINK_SIM_SOURCE.accountNumber,
      PESALINK_SOURCE_NAME: PESALINK_SIM_SOURCE.name,
      TKASH_BASE_URL: tkashSimulator.baseUrl,
      TKASH_API_KEY: tkashKeys.apiKey,
      TKASH_API_SECRET: tkashKeys.apiSecret,
    },
    rails: {
      "airtel-money": airtelRail(airtel),
      pesalink: pesalinkRail(pesalink, PESALINK_SIM_SOURCE),
      "t-kash": tkashRail(tkash),
    },
    railCallbacks: {
      "airtel-money": { callbackSecret: airtelKeys.callbackSecret },
      pesalink: { bankPublicKey: bankKeys.publicKey },
      "t-kash": { apiSecret: tkashKeys.apiSecret },
    },
    // Their balance calls, for the daily reconciliation (ADR 0036).
    railBalances: { "airtel-money": airtel, pesalink, "t-kash": tkash },
  };
}
