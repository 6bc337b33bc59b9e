/**
 * /docs: what the API does and the rules every endpoint shares (keys and scopes, errors,
 * Request-Id, idempotency, pagination, rate limits, amounts, networks, payouts, test helpers,
 * versioning, CORS).
 */
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CodeBlock } from "~/components/docs/CodeBlock";
import {
  Code,
  DocsPage,
  DocsSection,
  DocsTable,
  docsLinkClass,
  useSiteOrigin,
} from "~/components/docs/DocsBits";
import { errorMeanings } from "~/content/docs/errors";
import { apiErrorCodes, codesWithStatus } from "~/core/api/error-codes";
import { CURRENT_API_VERSION } from "~/core/api/versions";
import { testHelperCurl, testHelperExamples } from "~/content/docs/test-helpers";
import { teamRoleInfo, teamRoles } from "~/core/accounts/permissions";
import { roleHoldsScope } from "~/core/api/key-rules";
import { apiKeyPrefixes, apiScopeLabels, apiScopes } from "~/core/api/vocabulary";
import { assetNetworks, networks } from "~/core/networks/networks";
import { railIds } from "~/core/rails/types";
import { publicPageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "API documentation",
    description:
      "The OneHop API: accept crypto payments and settle in Kenyan shillings from your own backend. Keys, errors, idempotency, pagination, rate limits and versioning.",
    path: paths.docs,
  });

const errorExample = `{
  "error": {
    "type": "invalid_request_error",
    "code": "parameter_invalid",
    "message": "amount: must be an integer number of cents, not a decimal",
    "param": "amount",
    "request_id": "req_9x2VbQe4LmT7"
  }
}`;

export default function DocsOverview() {
  const origin = useSiteOrigin();
  const baseUrl = `${origin}${paths.apiBase}`;
  return (
    <DocsPage
      title="OneHop API"
      lead="Create crypto payments from your own backend, send your customers to a hosted checkout, and hear by webhook when they have paid and when the Kenyan shillings have settled."
    >
      <DocsSection id="what" title="What the API does">
        <p>
          A payment locks a KES amount at today&rsquo;s rate for one asset (BTC, ETH, USDT or USDC)
          and opens a deposit address. Your customer pays on our checkout page (or you show the
          address yourself); we convert and settle the shillings to your M-Pesa or bank account, as
          for payments made in the dashboard. Everything is JSON over HTTPS, in and out.
        </p>
        <p>
          New here? The{" "}
          <Link to={paths.docsQuickstart} className={docsLinkClass}>
            quickstart
          </Link>{" "}
          takes five minutes. Every endpoint is in the{" "}
          <Link to={paths.docsReference} className={docsLinkClass}>
            API reference
          </Link>
          , generated from the same schemas the API validates with; the machine-readable version is
          the{" "}
          <a href={paths.openApiDocument} className={docsLinkClass}>
            OpenAPI 3.1 document
          </a>
          .
        </p>
      </DocsSection>

      <DocsSection id="base-url" title="Base URL">
        <CodeBlock caption="Base URL" code={baseUrl} />
        <p>
          Call it from your server only. The version is part of the path (see{" "}
          <a href="#versioning" className={docsLinkClass}>
            versioning
          </a>
          ).
        </p>
      </DocsSection>

      <DocsSection id="authentication" title="Authentication: keys and scopes">
        <p>
          Send your secret key in the <Code>Authorization</Code> header on every request:
        </p>
        <CodeBlock
          caption="Authenticated request"
          code={`curl ${baseUrl}/payments \\\n  -H "Authorization: Bearer $ONEHOP_API_KEY"`}
        />
        <p>
          A key&rsquo;s mode is visible in its prefix: <Code>{apiKeyPrefixes.test}…</Code> keys work
          on test data against simulated providers (see{" "}
          <Link to={paths.docsTestMode} className={docsLinkClass}>
            test mode
          </Link>
          ), <Code>{apiKeyPrefixes.live}…</Code> keys on real money. Owners, Admins and Developers
          of your team create keys on the Developers page of the dashboard (after confirming it is
          them again); the key is shown once, and we keep only a hash of it. A key can expire and
          can be revoked at once. A missing, malformed, revoked or expired key answers 401.
        </p>
        <p>
          Each key carries scopes; a request outside them answers 403 with{" "}
          <Code>missing_scope</Code>.
        </p>
        <p>
          <strong>A key never does more than the member who made it.</strong> A member can give a
          key only the scopes their role holds (the table below), in test and live mode alike. On
          every request the key is checked against its member&rsquo;s role as it is now: a member
          moved to a role without a scope leaves their keys without it (403{" "}
          <Code>scope_beyond_role</Code>), and a suspended or removed member&rsquo;s keys stop at
          once (401 <Code>api_key_revoked</Code>). What a key does is recorded as its
          member&rsquo;s: a payout batch made with it is theirs, so another member approves it in
          the dashboard, and the API can never approve one.
        </p>
        <DocsTable
          caption="API key scopes, and the roles that may give them"
          head={["Scope", "Allows", "Roles"]}
          rows={apiScopes.map((scope) => [
            <Code key={scope}>{scope}</Code>,
            apiScopeLabels[scope],
            teamRoles
              .filter((role) => roleHoldsScope(role, scope))
              .map((role) => teamRoleInfo[role].label)
              .join(", "),
          ])}
        />
      </DocsSection>

      <DocsSection id="errors" title="Errors">
        <p>
          Every error has the same shape and an HTTP status that says what kind it is.{" "}
          <Code>param</Code> names the field at fault (or is <Code>null</Code>); <Code>code</Code>{" "}
          is stable and meant for your code; <Code>message</Code> is for people and may change.
        </p>
        <CodeBlock caption="An error response" code={errorExample} />
        <DocsTable
          caption="HTTP statuses and error codes"
          head={["Status", "Type", "Codes", "Meaning"]}
          rows={errorMeanings.map((row) => [
            row.status,
            [...new Set(codesWithStatus(row.status).map((code) => apiErrorCodes[code].type))].join(
              ", ",
            ),
            <span key="codes" className="flex flex-wrap gap-1">
              {codesWithStatus(row.status).map((code) => (
                <Code key={code}>{code}</Code>
              ))}
            </span>,
            row.meaning,
          ])}
        />
        <p>
          Unknown fields are refused and named (<Code>parameter_unknown</Code>): a typo never goes
          unnoticed.
        </p>
      </DocsSection>

      <DocsSection id="request-id" title="Request-Id">
        <p>
          Every response carries a <Code>Request-Id</Code> header (<Code>req_…</Code>), also in the
          error body as <Code>request_id</Code> and in our logs. Quote it when you write to support.
        </p>
      </DocsSection>

      <DocsSection id="idempotency" title="Idempotency keys">
        <p>
          Every <Code>POST</Code> accepts an <Code>Idempotency-Key</Code> header (up to 255
          printable characters, such as your order number plus the action). Send one and a retry
          after a timeout or a dropped connection is safe:
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            The same key with the same request within 24 hours returns the first response, status
            and body, with the header <Code>Idempotent-Replayed: true</Code>. Nothing happens twice.
          </li>
          <li>
            The same key with a different body answers <strong>422</strong> (
            <Code>idempotency_key_reused</Code>): use a new key for a new request.
          </li>
          <li>
            A retry while the first request is still running answers <strong>409</strong> (
            <Code>idempotency_key_in_use</Code>): retry a moment later.
          </li>
        </ul>
        <p>
          Keys are kept per merchant and mode for 24 hours. The stored response is written in the
          same database transaction as the payment itself. A 500 releases the key, so a retry runs
          the request afresh.
        </p>
      </DocsSection>

      <DocsSection id="pagination" title="Pagination">
        <p>
          <Code>GET /payments</Code>, <Code>GET /events</Code> and <Code>GET /payout_batches</Code>{" "}
          return the newest first, in pages:
        </p>
        <CodeBlock
          caption="A page"
          code={`{
  "object": "list",
  "data": [ … ],
  "has_more": true,
  "next_starting_after": "pay_k3ny4x7q2m9d"
}`}
        />
        <p>
          <Code>limit</Code> sets the page size (1 to 100, default 10). While <Code>has_more</Code>{" "}
          is true, ask for the next page with <Code>starting_after</Code> set to{" "}
          <Code>next_starting_after</Code> (the last id of the page you have). Filter with{" "}
          <Code>created_after</Code> and <Code>created_before</Code> (ISO 8601 times), and by{" "}
          <Code>status</Code> (payments, batches) or <Code>type</Code> (events). An id you page from
          that is not yours is <strong>404</strong> <Code>resource_missing</Code> with{" "}
          <Code>param</Code> <Code>starting_after</Code>.
        </p>
        <p>
          To go back, pass <Code>ending_before</Code> set to the first id of the page you have: you
          get the page just newer than it, still newest first, and <Code>has_more</Code> then says
          whether there are newer ones still. Give one of <Code>starting_after</Code> and{" "}
          <Code>ending_before</Code>, never both (<strong>400</strong>{" "}
          <Code>parameter_invalid</Code>).
        </p>
        <p>
          <strong>Expanding.</strong> <Code>GET /payments/{"{id}"}</Code> takes{" "}
          <Code>expand[]=refunds</Code> and <Code>expand[]=payouts</Code> (repeat the parameter for
          both): the payment then carries its <Code>refunds</Code> and <Code>payouts</Code> arrays,
          the same objects their own lists answer, in that answer only. Without it the payment has
          neither key.
        </p>
        <CodeBlock
          caption="A payment with its refunds and payouts"
          code={`curl -g "${baseUrl}/payments/pay_k3ny4x7q2m9d?expand[]=refunds&expand[]=payouts" \\\n  -H "Authorization: Bearer $ONEHOP_API_KEY"`}
        />
        <p>
          A batch&rsquo;s rows (<Code>GET /payout_batches/{"{id}"}/rows</Code>) come in file order
          instead, and their cursor is a line number: <Code>next_starting_after</Code> is the last
          row&rsquo;s <Code>line</Code> (an integer), passed back as <Code>starting_after</Code>.{" "}
          <Code>GET /refunds?payment_id=…</Code> answers all of a payment&rsquo;s refunds at once
          (its <Code>has_more</Code> is always false), and the lists of webhook endpoints,
          settlement destinations and a payment&rsquo;s payouts are short and not paged.
        </p>
      </DocsSection>

      <DocsSection id="rate-limits" title="Rate limits">
        <p>
          Requests are limited per key, per second. Every authenticated response says where you
          stand with the <Code>RateLimit-Limit</Code>, <Code>RateLimit-Remaining</Code>,{" "}
          <Code>RateLimit-Reset</Code> and <Code>RateLimit-Policy</Code> headers. Past the limit the
          API answers <strong>429</strong> with a <Code>Retry-After</Code> header in seconds: wait
          that long, then retry (with the same Idempotency-Key for a POST).
        </p>
      </DocsSection>

      <DocsSection id="amounts" title="Amounts">
        <p>
          Amounts are never floats. Each is an integer in the currency&rsquo;s minor units, with the
          currency named beside it and a decimal string next to it for display:
        </p>
        <CodeBlock
          caption="Amounts in a payment"
          code={`"amount": 250000,
"amount_decimal": "2500.00",
"currency": "KES",
"crypto_amount": 19305019,
"crypto_amount_decimal": "19.305019",
"crypto_scale": 6`}
        />
        <ul className="list-disc space-y-2 pl-6">
          <li>
            KES are in cents: <Code>250000</Code> is KES 2,500.00. When you create a payment the
            amount must be whole shillings (a multiple of 100), because the rails settle shillings;
            a decimal, a string or a negative number is refused.
          </li>
          <li>
            Crypto is in base units with <Code>crypto_scale</Code> decimal places: satoshi for BTC
            (8), gwei for ETH (9), and 10<sup>-6</sup> for USDT and USDC (6).
          </li>
          <li>
            An integer too large for a JSON number (past 2<sup>53</sup>) is sent as a string of
            digits.
          </li>
          <li>
            Times are ISO 8601 in UTC (<Code>2026-11-25T08:30:00.000Z</Code>).
          </li>
        </ul>
      </DocsSection>

      <DocsSection id="networks" title="Networks">
        <p>
          Each asset travels on one or more networks. Pass <Code>network</Code> when you create a
          payment to fix it; leave it out and the customer picks on the checkout (the first network
          listed is the default: USDT opens on <Code>tron</Code>, where a transfer costs cents).
          Coins sent on another network than the payment&rsquo;s are not credited: the checkout
          warns the customer.
        </p>
        <p>
          Leave out <Code>asset</Code> too for a payment in KES only: the customer chooses the coin
          and its network on the checkout, each shown with what it costs at the rate then. It opens
          in USDT on Tron; <Code>asset</Code>, <Code>network</Code>, <Code>crypto_amount</Code> and{" "}
          <Code>deposit_address</Code> show the coin chosen so far and may change until a deposit
          arrives. The KES amount, the fee and the quote&rsquo;s expiry never change.
        </p>
        <p>
          A customer in Kenya can also pay the KES amount with M-Pesa Express from the checkout (the
          PIN prompt on their phone). Such a payment has <Code>paid_with</Code> <Code>mpesa</Code>{" "}
          instead of <Code>crypto</Code> and no crypto received; its fee and its settlement are
          those of any other payment.
        </p>
        <DocsTable
          caption="Networks per asset"
          head={["Asset", "network", "Confirmations"]}
          rows={Object.entries(assetNetworks).flatMap(([asset, ids]) =>
            ids.map((id) => [
              asset,
              <Code key={id}>{id}</Code>,
              String(networks[id].confirmations),
            ]),
          )}
        />
      </DocsSection>

      <DocsSection id="payouts" title="Settlement and payouts">
        <p>
          Once a payment is paid, its net (the amount less our fee) is paid out in KES to your
          settlement destinations: M-Pesa, Airtel Money or T-Kash numbers, or a bank account over
          PesaLink, with your default or a split you set, and another verified destination when a
          rail is down if you allow it. Owners add and verify destinations in the dashboard&rsquo;s
          settlement settings; the API reads them.
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <Code>GET /settlement_destinations</Code> lists them, masked, with the name the provider
            holds and the default.
          </li>
          <li>
            <Code>GET /payments/&#123;id&#125;/payouts</Code> lists a payment&rsquo;s payouts: the{" "}
            <Code>rail</Code> (
            {railIds.map((rail, i) => (
              <span key={rail}>
                {i > 0 ? ", " : ""}
                <Code>{rail}</Code>
              </span>
            ))}
            ), the destination, the amount, the rail&rsquo;s charge and its <Code>receipt</Code>.
          </li>
          <li>
            The webhooks <Code>payout.succeeded</Code> and <Code>payout.failed</Code> carry each
            payout as it completes; <Code>payment.settled</Code> follows when all of a
            payment&rsquo;s payouts have arrived.
          </li>
        </ul>
      </DocsSection>

      <DocsSection id="payout-batches" title="Payouts to third parties (payout batches)">
        <p>
          Pay suppliers, staff or customers from your KES balance in a batch:{" "}
          <Code>POST /payout_batches</Code> with the text of a payout file (<Code>csv</Code>, the
          columns of the dashboard&rsquo;s upload) or a list of <Code>payouts</Code>, at most 10,000
          (this route takes a body of up to 4 MB). The batch is a draft: read its rows with{" "}
          <Code>GET /payout_batches/&#123;id&#125;/rows</Code> (normalised recipients, fees, rail
          charges, errors, duplicates), then <Code>POST /payout_batches/&#123;id&#125;/submit</Code>
          .
        </p>
        <p>
          The API cannot approve a batch. Approval is maker-checker: another member with the
          Finance, Admin or Owner role opens the batch&rsquo;s <Code>approval_url</Code> in the
          dashboard and approves it with a fresh second factor. The webhooks{" "}
          <Code>payout_batch.approved</Code> or <Code>payout_batch.rejected</Code> say what was
          decided, <Code>disbursement.succeeded</Code> and <Code>disbursement.failed</Code> follow
          each row, and <Code>payout_batch.completed</Code> the end. Reading needs{" "}
          <Code>payouts:read</Code>, creating and submitting <Code>payouts:write</Code>; a test key
          makes test batches, paid through the simulators.
        </p>
      </DocsSection>

      <DocsSection id="test-helpers" title="Test helpers">
        <p>
          With a test key, these endpoints drive test mode from your own tests, the way
          Stripe&rsquo;s test helpers do. They act through the same paths as a real customer and a
          real rail: the simulated chain pays, M-Pesa calls back, our webhooks run, and your webhook
          endpoint receives the same events. A live key gets 403 <Code>test_mode_only</Code> and
          nothing is touched; on a server where test mode runs on the providers&rsquo; sandboxes
          instead of the simulators they answer 503 <Code>test_mode_unavailable</Code>. Each is a
          POST, so an <Code>Idempotency-Key</Code> works as everywhere.
        </p>
        <p>
          <Code>POST /test_helpers/payments/&#123;id&#125;/pay</Code> (<Code>payments:write</Code>)
          pays a test payment awaiting payment and answers 200 with the payment once our server has
          processed the provider&rsquo;s webhook. The body may be left out. In <Code>crypto</Code>{" "}
          (the default) the simulated chain sends <Code>amount</Code> of the payment&rsquo;s coin
          (default its <Code>crypto_amount</Code>; less makes it <Code>underpaid</Code>, more{" "}
          <Code>overpaid</Code>) and adds <Code>confirmations</Code> (0 to 100; default as many as
          it needs, 0 leaves it <Code>confirming</Code>). A payment whose customer chooses the coin
          is paid in the coin it opened in. With <Code>mpesa</Code>, an M-Pesa Express prompt goes
          to <Code>phone</Code> (default +254712345678) and the simulated customer pays it. A
          payment no longer awaiting payment answers 409 <Code>payment_not_payable</Code>.
        </p>
        <CodeBlock
          caption="Pay in crypto"
          code={testHelperCurl(baseUrl, testHelperExamples.pay.path, testHelperExamples.pay.body)}
        />
        <CodeBlock
          caption="Pay with M-Pesa"
          code={testHelperCurl(
            baseUrl,
            testHelperExamples.payMpesa.path,
            testHelperExamples.payMpesa.body,
          )}
        />
        <p>
          <Code>POST /test_helpers/balance/fund</Code> (<Code>payouts:write</Code>) credits your
          available test balance with <Code>amount</Code> KES cents (up to 1000000000, KES
          10,000,000.00) and answers with the balance, as <Code>GET /balances</Code> does. Test
          refunds and payout batches then have money to use.
        </p>
        <CodeBlock
          caption="Fund the test balance"
          code={testHelperCurl(baseUrl, testHelperExamples.fund.path, testHelperExamples.fund.body)}
        />
        <p>
          <Code>POST /test_helpers/payouts/fail_next</Code> (<Code>payouts:write</Code>) makes your
          next test payout to M-Pesa (a settlement, a payout batch row or a refund to M-Pesa) fail
          at M-Pesa, once, with <Code>reason</Code>: <Code>invalid_account</Code> (the default: the
          number cannot receive M-Pesa) or <Code>insufficient_funds</Code> (the paying float is
          short). The payout shows <Code>failed</Code> with M-Pesa&rsquo;s words and the money
          returns to your balance; the one after goes through. It answers{" "}
          <Code>
            &#123;&quot;object&quot;: &quot;test_helpers.payout_failure&quot;, &quot;armed&quot;:
            true, &quot;reason&quot;: …&#125;
          </Code>
          . Payouts to Airtel Money, T-Kash, a bank or a Paybill or Till are not affected. The
          server keeps it in memory: a restart forgets it.
        </p>
        <CodeBlock
          caption="Fail the next payout"
          code={testHelperCurl(
            baseUrl,
            testHelperExamples.failNext.path,
            testHelperExamples.failNext.body,
          )}
        />
        <p>
          <Code>POST /test_helpers/payout_batches/{"{id}"}/approve</Code> (
          <Code>payouts:write</Code>, no body) approves a test batch you submitted, as the second
          member would in the dashboard: the money is reserved, the rows go to their rails and{" "}
          <Code>payout_batch.approved</Code> is sent. A live batch is approved only in the
          dashboard, with a second factor.
        </p>
        <CodeBlock
          caption="Approve a test batch"
          code={`curl -X POST ${baseUrl}/test_helpers/payout_batches/dsb_k3ny4x7q2m9dpa/approve \\\n  -H "Authorization: Bearer $ONEHOP_API_KEY"`}
        />
      </DocsSection>

      <DocsSection id="versioning" title="Versioning">
        <p>
          The version is in the path: <Code>{paths.apiBase}</Code>. Within v1 we only make additive
          changes: new fields in responses and events, new event types, new endpoints and new
          optional parameters. Your code must ignore fields and event types it does not know.
        </p>
        <p>
          Within v1, a change of behaviour you might depend on comes as a dated version. Every
          answer says which it was made with in the <Code>OneHop-Version</Code> header (today{" "}
          <Code>{CURRENT_API_VERSION}</Code>). A key is pinned to the version current when it was
          made, so a new date never changes what an existing integration gets; send{" "}
          <Code>OneHop-Version: &lt;date&gt;</Code> on a request to try another version first. A
          date we do not know is <strong>400</strong> <Code>api_version_invalid</Code>.
        </p>
        <p>
          Anything that could break a working integration (removing or renaming a field, changing a
          type or a meaning, a new required parameter) comes as a new version, <Code>/api/v2</Code>,
          and v1 keeps working for at least 12 months after v2 is released.
        </p>
      </DocsSection>

      <DocsSection id="cors" title="No browser requests (CORS)">
        <p>
          The API refuses requests from web pages: it sends no CORS headers, and any request with an{" "}
          <Code>Origin</Code> header (or a preflight <Code>OPTIONS</Code>) answers 403 with{" "}
          <Code>browser_requests_refused</Code>. Your API key is a secret: in a web page or a mobile
          app anyone could read it and create payments, read your customers&rsquo; data or change
          your webhooks. Call the API from your backend and send your customer to{" "}
          <Code>checkout_url</Code>.
        </p>
      </DocsSection>
    </DocsPage>
  );
}
