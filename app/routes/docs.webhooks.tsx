/**
 * /docs/webhooks: the events, the payload and headers, checking the signature on the raw body
 * (Node and Python), the tolerance, retries, at-least-once delivery and the delivery log.
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
  RichText,
} from "~/components/docs/DocsBits";
import { webhookEventDescriptions } from "~/components/docs/webhook-events";
import { nodeWebhookExample, pythonWebhookExample } from "~/content/docs/webhook-code";
import { webhookEventTypes } from "~/core/api/vocabulary";
import { publicPageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Webhooks | API documentation",
    description:
      "OneHop webhooks: the events, the payload, verifying the OneHop-Signature header on the raw body in Node and Python, retries for 3 days and at-least-once delivery.",
    path: paths.docsWebhooks,
  });

const eventExample = `{
  "id": "evt_Wm2bX0cZ8mQ1n4Yp7tK3sA",
  "object": "event",
  "type": "payment.paid",
  "api_version": "v1",
  "livemode": false,
  "created_at": "2026-11-25T08:41:12.000Z",
  "data": {
    "object": {
      "id": "pay_k3ny4x7q2m9d",
      "object": "payment",
      "status": "confirmed",
      "amount": 250000,
      "amount_decimal": "2500.00",
      "currency": "KES",
      "reference": "A-1042",
      "metadata": { "order_id": "A-1042" },
      "checkout_url": "https://onehop.co.ke/pay/pay_k3ny4x7q2m9d",
      "…": "every field of the payment object"
    }
  }
}`;

const signatureExample = `OneHop-Signature: t=1795596072,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd`;

export default function DocsWebhooks() {
  return (
    <DocsPage
      title="Webhooks"
      lead="OneHop posts an event to your endpoint when something happens to a payment, so your shop hears that it was paid without asking."
    >
      <DocsSection id="endpoints" title="Register an endpoint">
        <p>
          On the Developers page of the dashboard, under Webhooks, add your endpoint&rsquo;s URL,
          the events it takes and a description; or do the same with the API (
          <Code>POST /webhook_endpoints</Code>, key scope <Code>webhooks:manage</Code>), which also
          lists, changes, disables, deletes and rotates endpoints, sends a test <Code>ping</Code> (
          <Code>POST /webhook_endpoints/{"{id}"}/ping</Code>) and replays past events. A live
          endpoint must use <Code>https://</Code> and a public address (not a private or local
          network). Each endpoint has its own signing secret (<Code>whsec_…</Code>), shown once when
          you create or rotate it: keep it on your server, beside your API key.
        </p>
        <p>
          Test-mode events (from <Code>oh_test_…</Code> keys) go only to test endpoints, live events
          only to live endpoints.
        </p>
      </DocsSection>

      <DocsSection id="events" title="Events">
        <DocsTable
          caption="Webhook event types"
          head={["Event", "When"]}
          rows={[...webhookEventTypes, "ping" as const].map((type) => [
            <Code key={type}>{type}</Code>,
            <RichText key="text" text={webhookEventDescriptions[type]} inline />,
          ])}
        />
        <p>
          More event types may come without a new API version: ignore types you do not handle, and
          subscribe only to those you do. The OpenAPI document describes every type&rsquo;s payload
          (<Code>webhooks</Code>, and <Code>Event</Code> keyed by <Code>type</Code>).
        </p>
      </DocsSection>

      <DocsSection id="payload" title="The payload">
        <p>
          A <Code>POST</Code> with a JSON event. For the <Code>payment.*</Code> events,{" "}
          <Code>data.object</Code> is the payment as it is at that moment, the same object as{" "}
          <Code>GET /payments/{"{id}"}</Code> answers (see the{" "}
          <Link to={`${paths.docsReference}#object-Payment`} className={docsLinkClass}>
            Payment object
          </Link>
          ). Ignore fields you do not know: new ones can appear.
        </p>
        <p>
          The <Code>refund.*</Code> events carry the refund, as <Code>GET /refunds/{"{id}"}</Code>{" "}
          answers (the{" "}
          <Link to={`${paths.docsReference}#object-Refund`} className={docsLinkClass}>
            Refund object
          </Link>
          ); the <Code>payout.*</Code> events a payment&rsquo;s payout to your account, as{" "}
          <Code>GET /payments/{"{id}"}/payouts</Code> lists it (the{" "}
          <Link to={`${paths.docsReference}#object-Payout`} className={docsLinkClass}>
            Payout object
          </Link>
          ). The <Code>payout_batch.*</Code> events carry the payout batch, as{" "}
          <Code>GET /payout_batches/{"{id}"}</Code> answers (the{" "}
          <Link to={`${paths.docsReference}#object-PayoutBatch`} className={docsLinkClass}>
            PayoutBatch object
          </Link>
          ), and the <Code>disbursement.*</Code> events one row of a batch, with its{" "}
          <Code>batch_id</Code>, as <Code>GET /payout_batches/{"{id}"}/rows</Code> lists it (the{" "}
          <Link to={`${paths.docsReference}#object-Disbursement`} className={docsLinkClass}>
            Disbursement object
          </Link>
          ).
        </p>
        <CodeBlock caption="An event (shortened)" code={eventExample} />
        <DocsTable
          caption="Webhook request headers"
          head={["Header", "Value"]}
          rows={[
            [<Code key="h">Content-Type</Code>, <Code key="v">application/json</Code>],
            [<Code key="h">User-Agent</Code>, <Code key="v">OneHop-Webhooks/1</Code>],
            [
              <Code key="h">OneHop-Signature</Code>,
              <span key="v">
                <Code>t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256&gt;</Code>, one <Code>v1=</Code>{" "}
                per signing secret in use.
              </span>,
            ],
            [<Code key="h">OneHop-Event-Id</Code>, "The event's id, the same on every retry."],
            [
              <Code key="h">OneHop-Event-Type</Code>,
              <span key="v">
                The event type, such as <Code>payment.paid</Code>.
              </span>,
            ],
          ]}
        />
      </DocsSection>

      <DocsSection id="signatures" title="Verify the signature">
        <p>
          Anyone can post to your URL, so check every request before you trust it. The header
          carries a timestamp and one or more signatures:
        </p>
        <CodeBlock caption="The signature header" code={signatureExample} />
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            Take <Code>t</Code> and every <Code>v1</Code> from the header.
          </li>
          <li>
            Compute the HMAC-SHA256, keyed with your endpoint&rsquo;s secret, of the string{" "}
            <Code>&lt;t&gt;.&lt;raw body&gt;</Code>: the timestamp, a full stop, and the request
            body exactly as it arrived, byte for byte.
          </li>
          <li>
            Compare it with each <Code>v1</Code> in constant time; one match is enough.
          </li>
          <li>
            Refuse the request if <Code>t</Code> is more than 300 seconds (5 minutes) away from your
            clock.
          </li>
        </ol>
        <h3 className="pt-2 text-lg font-semibold text-ink">
          Use the raw body, not re-serialised JSON
        </h3>
        <p>
          The signature is over the bytes we sent. If your framework parses the JSON and you
          serialise it again before checking, the bytes change even though the data looks the same:
          keys can come back in another order, whitespace differs, and numbers are reformatted (
          <Code>1.50</Code> becomes <Code>1.5</Code>, large integers lose digits, a unicode escape
          turns into a character). The HMAC of different bytes does not match, so a genuine event is
          refused, or, worse, you switch the check off to make it work. Some providers sign JSON
          they re-serialise (Kotani Pay does), which forces every receiver to reproduce their
          serialiser exactly: that is the bug this design avoids. We sign the exact bytes we send;
          you verify the exact bytes you receive, then parse them.
        </p>
        <p>
          In Express use <Code>express.raw()</Code> on the webhook route (not{" "}
          <Code>express.json()</Code>); in Flask, <Code>request.get_data()</Code>; in Django,{" "}
          <Code>request.body</Code>; in PHP, <Code>file_get_contents(&quot;php://input&quot;)</Code>
          .
        </p>
        <CodeBlock caption="Node (Express)" code={nodeWebhookExample} />
        <CodeBlock caption="Python (Flask)" code={pythonWebhookExample} />
      </DocsSection>

      <DocsSection id="replay-protection" title="Tolerance and replay protection">
        <p>
          The timestamp is part of what is signed, so it cannot be changed without breaking the
          signature. Refusing timestamps older than 300 seconds stops someone who captured a request
          from replaying it later. Keep your server&rsquo;s clock synchronised (NTP). Retries are
          signed afresh, so a late retry still carries a current timestamp.
        </p>
        <p>
          When you rotate a secret on the Developers page, the old one keeps signing beside the new
          one for 24 hours: the header then carries two <Code>v1=</Code> values. Deploy the new
          secret within that time; the check above accepts either.
        </p>
      </DocsSection>

      <DocsSection id="retries" title="Responses and retries">
        <p>
          Answer with any <Code>2xx</Code> status within 10 seconds. Answer quickly: store the
          event, respond, and do the slow work (fulfilling the order, e-mails) afterwards.
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            A network error, a timeout, <Code>408</Code>, <Code>429</Code> or a <Code>5xx</Code> is
            retried with exponential backoff and jitter: a random wait of up to 30 seconds, doubling
            after each attempt, at most 6 hours apart, for up to 3 days after the event.
          </li>
          <li>
            Any other answer (a redirect, which is not followed, or another <Code>4xx</Code>) fails
            the delivery at once: the delivery log says why.
          </li>
          <li>
            An endpoint that has failed for 3 days in a row is disabled, and your team&rsquo;s
            owners receive an e-mail. Enable it again on the Developers page, then use{" "}
            <strong>Replay all since …</strong> for what it missed.
          </li>
        </ul>
      </DocsSection>

      <DocsSection id="at-least-once" title="At least once: deduplicate by event id">
        <p>
          Every event is written in the same database transaction as the change that causes it, so
          none is lost, and it is delivered <strong>at least once</strong>: after a timeout or a
          crash on either side you may receive the same event twice. Its <Code>id</Code> (also in
          the <Code>OneHop-Event-Id</Code> header) is the same on every delivery: record the ids you
          have handled and skip a repeat, for example with a unique index on the id.
        </p>
        <p>
          Events can arrive out of order (a retry can overtake). Trust the <Code>status</Code> in
          the payment, or fetch the payment with <Code>GET /payments/{"{id}"}</Code> before acting.
          To catch up after an outage, page through <Code>GET /events</Code>: each event&rsquo;s id
          is the one its webhook carried.
        </p>
      </DocsSection>

      <DocsSection id="delivery-log" title="The delivery log">
        <p>
          Each endpoint&rsquo;s page under Developers &rsaquo; Webhooks lists its deliveries: the
          request, the status your server answered, the start of its body, the latency and the next
          retry. From there:
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Resend</strong> posts one event again.
          </li>
          <li>
            <strong>Replay all since …</strong> posts again every event the endpoint takes since a
            moment you choose, after an outage on your side.
          </li>
          <li>
            <strong>Send test event</strong> posts a <Code>ping</Code> event to that endpoint only,
            to check your URL and your signature check.
          </li>
        </ul>
        <p>
          Try the whole flow without real money in{" "}
          <Link to={paths.docsTestMode} className={docsLinkClass}>
            test mode
          </Link>
          .
        </p>
      </DocsSection>
    </DocsPage>
  );
}
