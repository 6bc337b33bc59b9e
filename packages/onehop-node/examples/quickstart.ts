import { createServer } from "node:http";
import { OneHop, SignatureVerificationError } from "@onehop/node";

const onehop = new OneHop(process.env.ONEHOP_SECRET_KEY!); // oh_test_… or oh_live_…

// 1. Create a payment: KES 2,500.00 (amounts are integers in cents), paid in USDT.
const payment = await onehop.payments.create(
  {
    amount: 250000,
    currency: "KES",
    asset: "USDT",
    reference: "A-1042",
    metadata: { order_id: "A-1042" },
  },
  { idempotencyKey: "order-A-1042-create" }, // optional: the SDK makes one for every POST
);
console.log(payment.checkout_url); // send the customer here

// 2. In test mode, pay it without a browser (a test helper), then read it again.
await onehop.testHelpers.payments.pay(payment.id);
console.log((await onehop.payments.retrieve(payment.id)).status); // "confirmed", then "settled"

// 3. Verify each webhook on the raw body, then act on the typed event.
createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    try {
      const event = onehop.webhooks.constructEvent(
        Buffer.concat(chunks), // the raw bytes, never re-serialised JSON
        String(req.headers["onehop-signature"] ?? ""),
        process.env.ONEHOP_WEBHOOK_SECRET!, // whsec_…
      );
      if (event.type === "payment.paid") {
        // Fulfil the order: event.data.object is the Payment (deduplicate by event.id).
        console.log("paid", event.data.object.reference);
      }
      res.writeHead(200).end();
    } catch (error) {
      if (!(error instanceof SignatureVerificationError)) throw error;
      res.writeHead(400).end(); // missing, malformed, too old or not ours
    }
  });
}).listen(4242);
