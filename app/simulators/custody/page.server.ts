/**
 * The custody simulator's control page (`GET /__sim/`): deposit addresses, transactions, a form to
 * "send" a customer payment of any amount, buttons to add confirmations or fail a transaction.
 * Plain HTML forms (no JavaScript), every value escaped, one h1, every control labelled.
 */
import { safeRedirectPath } from "~/utils/request.server";

export interface SimPageAddress {
  address: string;
  assetIds: readonly string[];
  vaultAccountId: string;
  description: string | null;
  createdAt: number;
  transactions: number;
}

export interface SimPageTransaction {
  id: string;
  assetId: string;
  amount: string;
  destinationAddress: string;
  status: string;
  subStatus: string;
  numOfConfirmations: number;
  completeAt: number;
  terminal: boolean;
}

export interface SimPageData {
  basePath: string;
  addresses: readonly SimPageAddress[];
  transactions: readonly SimPageTransaction[];
  assetIds: readonly string[];
  completeAt: Readonly<Record<string, number>>;
  webhookUrl: string;
  deliveries: { total: number; failed: number };
  autoConfirmMs: number | null;
  prefill: { address: string; amount: string; assetId: string };
  returnTo: string | null;
  notice: string | null;
  error: string | null;
}

export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#111827;background:#f9fafb}
main{max-width:72rem;margin:0 auto}
h1{font-size:1.6rem;margin:0 0 .25rem}h2{font-size:1.2rem;margin:2rem 0 .5rem}
code{font-family:ui-monospace,monospace;font-size:.85em;word-break:break-all}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border:1px solid #d1d5db;padding:.4rem .5rem;text-align:left;vertical-align:top}
form.inline{display:inline-flex;gap:.25rem;align-items:center;margin:.1rem .25rem .1rem 0}
label{font-weight:600}.field{display:flex;flex-direction:column;gap:.2rem;margin:.5rem 0;max-width:40rem}
input,select,button{font:inherit;padding:.3rem .5rem}button{cursor:pointer;background:#1d4ed8;color:#fff;border:0;border-radius:.25rem}
button.secondary{background:#374151}
.notice{background:#ecfdf5;border:1px solid #047857;padding:.5rem}.error{background:#fef2f2;border:1px solid #b91c1c;padding:.5rem}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
fieldset{border:1px solid #d1d5db;max-width:40rem}a{color:#1d4ed8}
`;

/**
 * A `returnTo` that is a path on this site, or null: the app's own open-redirect rule
 * (utils/request.server.ts).
 */
export function safeReturnPath(value: unknown): string | null {
  return safeRedirectPath(value, "") || null;
}

function hiddenReturnTo(returnTo: string | null): string {
  return returnTo ? `<input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">` : "";
}

/** The simulator's page: its title, style and heading, then `content`. */
function simulatorPage(title: string, content: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Custody simulator</h1>
${content}
</main>
</body>
</html>
`;
}

function short(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

export function renderSimulatorPage(data: SimPageData): string {
  const base = escapeHtml(data.basePath);
  const completeAt = Object.entries(data.completeAt)
    .map(([asset, count]) => `${escapeHtml(asset)} ${escapeHtml(count)}`)
    .join(", ");
  const assetOptions = [
    `<option value="">The address's asset</option>`,
    ...data.assetIds.map(
      (assetId) =>
        `<option value="${escapeHtml(assetId)}"${assetId === data.prefill.assetId ? " selected" : ""}>${escapeHtml(assetId)}</option>`,
    ),
  ].join("");

  const addressRows = data.addresses.length
    ? data.addresses
        .map((row) => {
          const link = `${data.basePath}/?address=${encodeURIComponent(row.address)}`;
          return `<tr><td><code>${escapeHtml(row.address)}</code></td><td>${escapeHtml(row.assetIds.join(", "))}</td><td>${escapeHtml(row.vaultAccountId)}</td><td>${escapeHtml(row.description ?? "")}</td><td>${escapeHtml(row.transactions)}</td><td><a href="${escapeHtml(link)}">Send to this address<span class="sr-only"> ${escapeHtml(row.address)}</span></a></td></tr>`;
        })
        .join("")
    : `<tr><td colspan="6">No deposit addresses yet.</td></tr>`;

  const transactionRows = data.transactions.length
    ? data.transactions
        .map((tx, index) => {
          const actions = tx.terminal
            ? "None (final)"
            : `<form class="inline" method="post" action="${base}/transactions/${escapeHtml(encodeURIComponent(tx.id))}/confirmations">
<input type="hidden" name="add" value="1">${hiddenReturnTo(data.returnTo)}
<button type="submit">Add confirmation<span class="sr-only"> to transaction ${escapeHtml(tx.id)}</span></button></form>
<form class="inline" method="post" action="${base}/transactions/${escapeHtml(encodeURIComponent(tx.id))}/fail">${hiddenReturnTo(data.returnTo)}
<label class="sr-only" for="fail-status-${index}">Failure status for transaction ${escapeHtml(tx.id)}</label>
<select id="fail-status-${index}" name="status"><option>FAILED</option><option>REJECTED</option><option>BLOCKED</option></select>
<button type="submit" class="secondary">Fail<span class="sr-only"> transaction ${escapeHtml(tx.id)}</span></button></form>`;
          return `<tr><td><code title="${escapeHtml(tx.id)}">${escapeHtml(short(tx.id))}</code></td><td>${escapeHtml(tx.amount)} ${escapeHtml(tx.assetId)}</td><td><code>${escapeHtml(tx.destinationAddress)}</code></td><td>${escapeHtml(tx.status)}${tx.subStatus ? `<br><small>${escapeHtml(tx.subStatus)}</small>` : ""}</td><td>${escapeHtml(tx.numOfConfirmations)} of ${escapeHtml(tx.completeAt)}</td><td>${actions}</td></tr>`;
        })
        .join("")
    : `<tr><td colspan="6">No transactions yet.</td></tr>`;

  return simulatorPage(
    "Custody simulator",
    `<p>A local stand-in for the custody provider (Fireblocks API v1). Webhooks go to <code>${escapeHtml(data.webhookUrl)}</code>; ${escapeHtml(data.deliveries.total)} delivery attempts so far, ${escapeHtml(data.deliveries.failed)} failed. A deposit completes at ${completeAt} confirmations.${data.autoConfirmMs ? ` Automatic confirmations every ${escapeHtml(data.autoConfirmMs)} ms.` : ""}</p>
${data.notice ? `<p class="notice" role="status">${escapeHtml(data.notice)}</p>` : ""}
${data.error ? `<p class="error" role="alert">${escapeHtml(data.error)}</p>` : ""}
${data.returnTo ? `<p><a href="${escapeHtml(data.returnTo)}">Back to the checkout</a></p>` : ""}
<section aria-labelledby="send-heading">
<h2 id="send-heading">Send a payment</h2>
<form method="post" action="${base}/payments">
${hiddenReturnTo(data.returnTo)}
<div class="field"><label for="address">Deposit address</label>
<input id="address" name="address" required autocomplete="off" spellcheck="false" value="${escapeHtml(data.prefill.address)}"></div>
<div class="field"><label for="amount">Amount</label>
<input id="amount" name="amount" required inputmode="decimal" autocomplete="off" pattern="[0-9]+([.][0-9]+)?" aria-describedby="amount-hint" value="${escapeHtml(data.prefill.amount)}">
<small id="amount-hint">In the asset's unit, for example 0.0015 (BTC) or 25.5 (USDT). Any amount: send less or more than asked to test under- and overpayment.</small></div>
<div class="field"><label for="assetId">Asset</label>
<select id="assetId" name="assetId">${assetOptions}</select></div>
<div class="field"><label for="from">Sender address (optional)</label>
<input id="from" name="from" autocomplete="off" spellcheck="false" aria-describedby="from-hint">
<small id="from-hint">Leave empty for a new address. An address on a sanctions list tests screening: the payment is held for review.</small></div>
<fieldset><legend>Webhook delivery</legend>
<div><input type="checkbox" id="duplicate" name="duplicate" value="true"> <label for="duplicate">Send every webhook twice</label></div>
<div><input type="checkbox" id="outOfOrder" name="outOfOrder" value="true"> <label for="outOfOrder">Send the webhooks in reverse order</label></div>
<div><input type="checkbox" id="badSignature" name="badSignature" value="true"> <label for="badSignature">Send with a bad signature</label></div>
</fieldset>
<p><button type="submit">Send payment</button></p>
</form>
</section>
<section aria-labelledby="tx-heading">
<h2 id="tx-heading">Transactions</h2>
<table><caption class="sr-only">Incoming transfers, newest first</caption>
<thead><tr><th scope="col">Id</th><th scope="col">Amount</th><th scope="col">To address</th><th scope="col">Status</th><th scope="col">Confirmations</th><th scope="col">Actions</th></tr></thead>
<tbody>${transactionRows}</tbody></table>
</section>
<section aria-labelledby="address-heading">
<h2 id="address-heading">Deposit addresses</h2>
<table><caption class="sr-only">Deposit addresses handed out, newest first</caption>
<thead><tr><th scope="col">Address</th><th scope="col">Assets</th><th scope="col">Vault account</th><th scope="col">Description</th><th scope="col">Transfers</th><th scope="col">Send</th></tr></thead>
<tbody>${addressRows}</tbody></table>
</section>
<p><a href="${base}/">Refresh</a></p>`,
  );
}

export interface TestPaymentPageData {
  /** Where the simulator is mounted, e.g. "/simulator/custody". */
  basePath: string;
  paymentId: string;
  address: string | null;
  asset: string;
  network: string;
  amount: string;
  /** Why this payment cannot be paid here (unknown, already paid, expired); no form then. */
  unavailable: string | null;
  error: string | null;
}

/**
 * The customer's "test wallet" (no operator session): pays exactly one payment's deposit address,
 * and shows nothing else of the simulator (no other addresses, no transactions, no controls).
 */
export function renderTestPaymentPage(data: TestPaymentPageData): string {
  const base = escapeHtml(data.basePath);
  const back = `/pay/${encodeURIComponent(data.paymentId)}`;
  const body = data.unavailable
    ? `<p class="error" role="alert">${escapeHtml(data.unavailable)}</p>`
    : `<p>Pays payment <code>${escapeHtml(data.paymentId)}</code> from a simulated wallet: ${escapeHtml(data.asset)} on the ${escapeHtml(data.network)} network to <code>${escapeHtml(data.address ?? "")}</code>. No real money moves.</p>
${data.error ? `<p class="error" role="alert">${escapeHtml(data.error)}</p>` : ""}
<form method="post" action="${base}/payments">
<input type="hidden" name="payment" value="${escapeHtml(data.paymentId)}">
<div class="field"><label for="amount">Amount (${escapeHtml(data.asset)})</label>
<input id="amount" name="amount" required inputmode="decimal" autocomplete="off" pattern="[0-9]+([.][0-9]+)?" aria-describedby="amount-hint" value="${escapeHtml(data.amount)}">
<small id="amount-hint">The amount asked is filled in. Send less or more to test under- and overpayment.</small></div>
<p><button type="submit">Send payment</button></p>
</form>`;
  return simulatorPage(
    "Custody simulator: test payment",
    `<h2>Test payment</h2>
${body}
<p><a href="${escapeHtml(back)}">Back to the checkout</a></p>`,
  );
}
