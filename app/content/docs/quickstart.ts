/**
 * The quickstart's example payment and the tiny webhook receiver it runs (/docs/quickstart). The
 * body is checked against the API's own schema in app/api/openapi.test.ts.
 */
export const quickstartPaymentBody = {
  amount: 250000,
  currency: "KES",
  asset: "USDT",
  reference: "A-1042",
} as const;

export const quickstartIdempotencyKey = "order-A-1042-create";

export const quickstartReceiver = `// receiver.mjs: prints every webhook, verified or not. Run: node receiver.mjs
import crypto from "node:crypto";
import http from "node:http";

const secret = process.env.ONEHOP_WEBHOOK_SECRET; // whsec_…, shown when you add the endpoint

http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks); // the bytes as sent: never re-serialised JSON
      const header = req.headers["onehop-signature"] ?? "";
      const t = /(?:^|,)t=(\\d+)/.exec(header)?.[1];
      const expected = crypto.createHmac("sha256", secret).update(\`\${t}.\`).update(raw).digest("hex");
      const verified =
        t !== undefined &&
        Math.abs(Date.now() / 1000 - Number(t)) <= 300 &&
        header
          .split(",")
          .some(
            (part) =>
              part.startsWith("v1=") &&
              part.length === 67 &&
              crypto.timingSafeEqual(Buffer.from(part.slice(3)), Buffer.from(expected)),
          );
      console.log(verified ? "verified" : "REFUSED", req.headers["onehop-event-type"], req.headers["onehop-event-id"]);
      res.writeHead(verified ? 200 : 400).end();
    });
  })
  .listen(4242, () => console.log("Listening on http://127.0.0.1:4242"));`;
