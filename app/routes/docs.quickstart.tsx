/**
 * /docs/quickstart: a test key, a payment with curl, its checkout, and a webhook, in five minutes.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CodeBlock } from "~/components/docs/CodeBlock";
import {
  Code,
  DocsPage,
  DocsSection,
  docsLinkClass,
  useSiteOrigin,
} from "~/components/docs/DocsBits";
import { sdkInstall, sdkQuickstart } from "~/content/docs/sdk-example";
import {
  quickstartIdempotencyKey,
  quickstartPaymentBody,
  quickstartReceiver,
} from "~/content/docs/quickstart";
import { publicPageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Quickstart | API documentation",
    description:
      "Create a OneHop test key, create a payment with curl, pay it on the checkout page and receive a signed webhook, in five minutes.",
    path: paths.docsQuickstart,
  });

export default function DocsQuickstart() {
  const origin = useSiteOrigin();
  const base = `${origin}${paths.apiBase}`;
  const createPayment = [
    `curl ${base}/payments`,
    `-H "Authorization: Bearer $ONEHOP_API_KEY"`,
    `-H "Content-Type: application/json"`,
    `-H "Idempotency-Key: ${quickstartIdempotencyKey}"`,
    `-d '${JSON.stringify(quickstartPaymentBody)}'`,
  ].join(" \\\n  ");
  const answer = `{
  "id": "pay_k3ny4x7q2m9d",
  "object": "payment",
  "livemode": false,
  "status": "awaiting_payment",
  "amount": ${quickstartPaymentBody.amount},
  "amount_decimal": "2500.00",
  "currency": "KES",
  "asset": "USDT",
  "network": "ethereum",
  "crypto_amount": 19305019,
  "crypto_amount_decimal": "19.305019",
  "crypto_scale": 6,
  "deposit_address": "0x5e2f…",
  "checkout_url": "${origin}${paths.checkout("pay_k3ny4x7q2m9d")}",
  "quote": { "rate": "129.50", "expires_at": "2026-11-25T08:45:00.000Z", … },
  "reference": "A-1042",
  …
}`;
  return (
    <DocsPage
      title="Quickstart"
      lead="Five minutes from nothing to a paid test payment and a signed webhook. Test mode moves no real money."
    >
      <DocsSection id="key" title="1. Create a test key">
        <p>
          Sign in to the dashboard as an Owner or a Developer, open the Developers page and create a
          key in <strong>Test</strong> mode with the scopes <Code>payments:read</Code> and{" "}
          <Code>payments:write</Code>. Copy it now: it is shown once. An operator with access to the
          server can make one from the command line instead (it prints the key once):
        </p>
        <CodeBlock
          caption="Create a key on the server"
          code="npm run apikey:create -- --merchant MRC-XXXXXX --mode test --scopes payments:read,payments:write"
        />
        <CodeBlock caption="Keep it in your shell" code="export ONEHOP_API_KEY=oh_test_…" />
      </DocsSection>

      <DocsSection id="payment" title="2. Create a payment">
        <p>
          KES 2,500.00 paid in USDT: <Code>amount</Code> is in cents. The{" "}
          <Code>Idempotency-Key</Code> makes a retry safe.
        </p>
        <CodeBlock caption="curl" code={createPayment} />
        <p>The answer is 201 with the payment (shortened here):</p>
        <CodeBlock caption="Response" code={answer} />
      </DocsSection>

      <DocsSection id="checkout" title="3. Open checkout_url and pay">
        <p>
          Open <Code>checkout_url</Code> in a browser: it is the page your customer sees, with the
          amount, the address and the time left. In test mode it has a{" "}
          <strong>Pay with the test wallet (simulator)</strong> button: press it and the simulated
          chain pays the exact amount and adds confirmations until it counts as paid. Check with{" "}
          <Code>GET /payments/{"{id}"}</Code>: the status moves from <Code>awaiting_payment</Code>{" "}
          to <Code>confirming</Code>, <Code>confirmed</Code>, <Code>settling</Code> (the KES is on
          its way to your M-Pesa or bank) and <Code>settled</Code>. Or skip the browser: the test
          helper <Code>POST /test_helpers/payments/{"{id}"}/pay</Code> pays it for you (see{" "}
          <Link to={`${paths.docs}#test-helpers`} className={docsLinkClass}>
            Test helpers
          </Link>
          ).
        </p>
      </DocsSection>

      <DocsSection id="webhook" title="4. Receive a webhook">
        <p>Run this receiver (Node 18 or later, no packages):</p>
        <CodeBlock caption="receiver.mjs" code={quickstartReceiver} />
        <p>
          Make it reachable: on the Developers page, under Webhooks, add a <strong>test</strong>{" "}
          endpoint with its public URL (expose your machine with a tunnel such as{" "}
          <Code>cloudflared tunnel --url http://localhost:4242</Code>; on a OneHop server you run
          yourself with the simulators, <Code>http://127.0.0.1:4242/</Code> is allowed for test
          endpoints). Start the receiver with the endpoint&rsquo;s secret in{" "}
          <Code>ONEHOP_WEBHOOK_SECRET</Code>, press <strong>Send test event</strong>, and it prints{" "}
          <Code>verified ping evt_…</Code>. Create and pay another payment and you see{" "}
          <Code>payment.created</Code>, <Code>payment.confirming</Code> and{" "}
          <Code>payment.paid</Code> arrive.
        </p>
      </DocsSection>

      <DocsSection id="sdk" title="The same in TypeScript">
        <p>
          Our SDK for Node.js, <Code>@onehop/node</Code>, is typed from the same OpenAPI document:
          it makes an Idempotency-Key for every POST, retries network errors, 429 and 5xx safely
          (waiting <Code>Retry-After</Code>), raises errors with their <Code>code</Code> and{" "}
          <Code>requestId</Code>, and verifies webhooks into typed events.
        </p>
        <CodeBlock caption="Install" code={sdkInstall} />
        <CodeBlock caption="quickstart.ts" code={sdkQuickstart} />
      </DocsSection>

      <DocsSection id="next" title="Next">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <Link to={paths.docsWebhooks} className={docsLinkClass}>
              Webhooks
            </Link>
            : the full signature check in Node and Python, retries, deduplication.
          </li>
          <li>
            <Link to={paths.docsReference} className={docsLinkClass}>
              API reference
            </Link>
            : every endpoint with examples in curl, Node and Python.
          </li>
          <li>
            <Link to={paths.docs} className={docsLinkClass}>
              Overview
            </Link>
            : errors, idempotency, pagination, rate limits and versioning.
          </li>
        </ul>
      </DocsSection>
    </DocsPage>
  );
}
