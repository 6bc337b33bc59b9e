/**
 * The test helpers' hands on the simulators (issue 32): what `POST /api/v1/test_helpers/…` does
 * to the custody and M-Pesa simulators test mode runs on in this process, through the same calls
 * the simulators' own control pages make. Only in simulator mode: on the providers' sandboxes (or
 * with payments not started) there is none, and the helpers answer 503.
 *
 * A payout failure armed for a merchant is kept here, in memory (a restart forgets it): the M-Pesa
 * simulator asks before answering each B2C request, and the first one that pays a TEST transfer of
 * that merchant gets the failure, once.
 */
import type { TestPayoutFailureReason, TestSimulation } from "~/api/types.server";
import { transferModeOf } from "~/core/payments/transfer-purposes.server";
import { getTransfer } from "~/core/transfers/records.server";
import type { Store } from "~/db/store";
import type { CustodySimulator } from "~/simulators/custody/index.server";
import type { DarajaSimOutcome, DarajaSimulator } from "~/simulators/daraja/index.server";
import { runningTestPayments } from "./payments.server";
import { store } from "./store.server";

/** The M-Pesa B2C result each reason plays (ResultCode 7 and 1, as Daraja sends them). */
const darajaOutcomeOf: Record<TestPayoutFailureReason, DarajaSimOutcome> = {
  invalid_account: "invalid-number",
  insufficient_funds: "insufficient-float",
};

/** The test helpers on these simulators, our store telling whose transfer a request pays. */
export function createTestSimulation(deps: {
  store: Store;
  custody: CustodySimulator;
  daraja: DarajaSimulator;
}): TestSimulation {
  const armed = new Map<string, TestPayoutFailureReason>();
  deps.daraja.setB2cOutcomeHook(async ({ originatorConversationId }) => {
    if (armed.size === 0) return null;
    const owner = await deps.store.read(async (q) => {
      const transfer = await getTransfer(q, originatorConversationId);
      if (!transfer) return null;
      const mode = await transferModeOf(q, transfer.id);
      return { merchantId: transfer.merchantId, mode };
    });
    if (!owner || owner.mode !== "test") return null;
    const reason = armed.get(owner.merchantId);
    if (!reason) return null;
    armed.delete(owner.merchantId);
    return darajaOutcomeOf[reason];
  });
  return {
    async sendDeposit({ address, amount, assetId, confirmations }) {
      const tx = await deps.custody.sendPayment({ address, amount, assetId });
      if (confirmations > 0) await deps.custody.confirm(tx.id, confirmations);
    },
    answerMpesaPrompts: () => deps.daraja.flush(),
    armPayoutFailure(merchantId, reason) {
      armed.set(merchantId, reason);
    },
  };
}

const built = new WeakMap<DarajaSimulator, TestSimulation>();

/** The test helpers on the simulators test mode runs on here, or null (none run here). */
export function runningTestSimulation(): TestSimulation | null {
  const runtime = runningTestPayments();
  const custody = runtime?.custodySimulator;
  const daraja = runtime?.darajaSimulator;
  if (!custody || !daraja) return null;
  let simulation = built.get(daraja);
  if (!simulation) {
    simulation = createTestSimulation({ store: store(), custody, daraja });
    built.set(daraja, simulation);
  }
  return simulation;
}
