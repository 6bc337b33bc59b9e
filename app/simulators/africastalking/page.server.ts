/**
 * The SMS simulator's operator page (`/simulator/africastalking`): the messages "sent" through it,
 * newest first, with their delivery report, the numbers' rules, and a button to send the pending
 * delivery reports now. Plain HTML (no JavaScript), every value escaped, one h1.
 */
import { escapeHtml } from "../custody/page.server";
import { AT_SIM_NUMBER_RULES, type SimSms } from "./types";

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#111827;background:#f9fafb}
main{max-width:72rem;margin:0 auto}h1{font-size:1.6rem;margin:0 0 .25rem}h2{font-size:1.2rem;margin:2rem 0 .5rem}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border:1px solid #d1d5db;padding:.4rem .5rem;text-align:left;vertical-align:top}
code{font-family:ui-monospace,monospace;font-size:.85em;word-break:break-all}
button{font:inherit;padding:.3rem .5rem;cursor:pointer;background:#1d4ed8;color:#fff;border:0;border-radius:.25rem}
.notice{background:#ecfdf5;border:1px solid #047857;padding:.5rem}
`;

const when = (at: number) => new Date(at).toISOString().replace("T", " ").slice(0, 19) + " UTC";

function reportCell(sms: SimSms): string {
  if (!sms.report) return "None (refused)";
  const what = sms.report.failureReason
    ? `${sms.report.status} (${sms.report.failureReason})`
    : sms.report.status;
  return sms.reportedAt === null ? `${escapeHtml(what)}, not sent yet` : escapeHtml(what);
}

export function renderAtSimulatorPage(input: {
  basePath: string;
  messages: readonly SimSms[];
  pendingReports: number;
  reportsConfigured: boolean;
  notice: string | null;
}): string {
  const rows = input.messages
    .map(
      (sms) => `<tr>
<td>${escapeHtml(when(sms.at))}</td>
<td>${escapeHtml(sms.number)}</td>
<td>${escapeHtml(sms.message)}</td>
<td>${escapeHtml(`${sms.statusCode} ${sms.status}`)}</td>
<td>${reportCell(sms)}</td>
<td><code>${escapeHtml(sms.messageId)}</code></td>
</tr>`,
    )
    .join("\n");
  const rules = Object.entries(AT_SIM_NUMBER_RULES)
    .map(([suffix, rule]) => {
      const what =
        rule.kind === "report"
          ? `sent, then reported ${rule.status} (${rule.failureReason})`
          : rule.kind === "refuse"
            ? `refused, ${rule.statusCode}`
            : rule.kind === "http"
              ? `HTTP ${rule.status}`
              : "no answer (timeout)";
      return `<li>Ending in <code>${suffix}</code>: ${escapeHtml(what)}</li>`;
    })
    .join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>SMS simulator</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>SMS simulator</h1>
<p>Africa's Talking's SMS API, simulated. Delivery reports go to ${
    input.reportsConfigured ? "our delivery-report address" : "nowhere (no callback URL)"
  }; ${input.pendingReports} waiting.</p>
${input.notice ? `<p class="notice" role="status">${escapeHtml(input.notice)}</p>` : ""}
<form method="post" action="${escapeHtml(input.basePath)}/flush">
<button type="submit">Send delivery reports now</button>
</form>
<h2>Messages</h2>
${
  input.messages.length === 0
    ? "<p>No messages yet.</p>"
    : `<table>
<caption class="sr-only">Messages, newest first</caption>
<thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Message</th><th scope="col">Answer</th><th scope="col">Delivery report</th><th scope="col">Message id</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
<h2>Numbers</h2>
<ul>
${rules}
<li>Any other number: sent, then reported Success.</li>
</ul>
</main>
</body>
</html>
`;
}
