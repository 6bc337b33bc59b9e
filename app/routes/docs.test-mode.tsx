/**
 * /docs/test-mode: test and live keys, data kept apart, the simulators, paying a test payment, and
 * the dashboard's live/test switch.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Code, DocsPage, DocsSection, docsLinkClass } from "~/components/docs/DocsBits";
import { apiKeyPrefixes } from "~/core/api/vocabulary";
import { publicPageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Test mode | API documentation",
    description:
      "Build and test a OneHop integration without real money: test keys, simulated chains and M-Pesa, test payments you pay yourself, and test webhooks.",
    path: paths.docsTestMode,
  });

export default function DocsTestMode() {
  return (
    <DocsPage
      title="Test mode"
      lead="Everything the API does, without real money: build your integration with a test key, then switch to a live key."
    >
      <DocsSection id="keys" title="Test keys and live keys">
        <p>
          A key&rsquo;s mode is fixed when you create it and shows in its prefix:{" "}
          <Code>{apiKeyPrefixes.test}…</Code> for test mode, <Code>{apiKeyPrefixes.live}…</Code> for
          live. Requests, responses and errors are the same in both; objects and events say which
          they are with <Code>&quot;livemode&quot;: false</Code> or <Code>true</Code>.
        </p>
      </DocsSection>

      <DocsSection id="apart" title="Test data is kept apart">
        <p>
          Every payment, event, webhook endpoint and idempotency key belongs to one mode. A test key
          sees only test data and a live key only live data: asking a test key for a live payment
          answers 404, as for a payment that does not exist. Test events are delivered only to test
          webhook endpoints. Test payments never reach your live balance or your settlement account:
          they keep a test balance of their own (<Code>GET /balances</Code> with a test key, and the
          dashboard&rsquo;s Test view).
        </p>
      </DocsSection>

      <DocsSection id="simulators" title="Where test payments run">
        <p>
          Test payments never reach a live provider. On a test server they run against simulators of
          the blockchains, the custody provider and M-Pesa; on the live service they run against the
          providers&rsquo; own sandboxes: a custody sandbox on the test networks (such as Bitcoin
          testnet and Ethereum Sepolia) and M-Pesa&rsquo;s sandbox. Either way they take the same
          code paths as live ones: quotes, expiry, confirmations, events and webhooks all behave as
          they will in live mode. No real coin moves and no shilling is sent.
        </p>
        <p>
          Where neither is set up, creating a payment with a test key answers 503 with the code{" "}
          <Code>test_mode_unavailable</Code>; the other endpoints still answer.
        </p>
      </DocsSection>

      <DocsSection id="pay" title="Paying a test payment">
        <p>
          Open the payment&rsquo;s <Code>checkout_url</Code>: the page says it is a test payment.
          When the simulators run, it has a <strong>Pay with the test wallet (simulator)</strong>{" "}
          button: it pays the exact amount to the payment&rsquo;s address and brings you back to the
          checkout, where you see it confirm. On the live service, pay the address with test coins
          from a test-network wallet (a testnet faucet gives them for free); never send real coins
          to a test payment. Your webhook endpoint receives <Code>payment.confirming</Code> and then{" "}
          <Code>payment.paid</Code>, exactly as it will for a real customer.
        </p>
        <p>
          From your own tests, on a server with the simulators, the{" "}
          <Link to={`${paths.docs}#test-helpers`} className={docsLinkClass}>
            test helpers
          </Link>{" "}
          do the same with one request: pay a payment in crypto (the exact amount, less or more,
          with the confirmations you choose) or with M-Pesa, fund your test balance for refunds and
          payouts, and make the next payout fail.
        </p>
      </DocsSection>

      <DocsSection id="dashboard" title="Test data in the dashboard">
        <p>
          The dashboard and the payments list show live data unless you choose otherwise: the{" "}
          <strong>Live data | Test data</strong> switch at the top of those pages shows your test
          payments instead, under a banner that says so, so nobody mistakes them for money. The
          switch is part of the page address (<Code>?mode=test</Code>), so a bookmark or a new tab
          always opens live data.
        </p>
      </DocsSection>

      <DocsSection id="go-live" title="Going live">
        <p>
          Create a live key with the scopes you need, register a live webhook endpoint (an{" "}
          <Code>https://</Code> address), deploy both secrets to your server and replace the test
          key. Nothing else changes. See the{" "}
          <Link to={paths.docsQuickstart} className={docsLinkClass}>
            quickstart
          </Link>{" "}
          for the first steps.
        </p>
      </DocsSection>
    </DocsPage>
  );
}
