/**
 * The signature check shown on /docs/webhooks, in Node and Python. The verify functions are kept
 * apart from the handlers around them so a test can run the Node one against our signer
 * (app/components/docs/webhook-code.test.ts).
 */

/** Plain JavaScript; needs `crypto` (node:crypto) in scope. */
export const nodeVerifyFunction = `const TOLERANCE_SECONDS = 300;

/**
 * Whether rawBody (a Buffer: the bytes exactly as received) was signed by OneHop with one of
 * secrets, less than 5 minutes ago.
 */
function verifyOneHopSignature(header, rawBody, secrets, nowSeconds = Math.floor(Date.now() / 1000)) {
  if (typeof header !== "string" || header.length > 1000) return false;
  let timestamp = null;
  const signatures = [];
  for (const part of header.split(",")) {
    const [key, value = ""] = part.trim().split("=");
    if (key === "t" && /^\\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, "hex"));
  }
  if (timestamp === null || signatures.length === 0) return false;
  // An old timestamp is a replayed request: refuse it.
  if (Math.abs(nowSeconds - timestamp) > TOLERANCE_SECONDS) return false;
  return secrets.some((secret) => {
    const expected = crypto
      .createHmac("sha256", secret)
      .update(\`\${timestamp}.\`)
      .update(rawBody)
      .digest();
    return signatures.some((signature) => crypto.timingSafeEqual(expected, signature));
  });
}`;

export const nodeWebhookExample = `import crypto from "node:crypto";
import express from "express";

${nodeVerifyFunction}

const app = express();
// Your endpoint's signing secret; during a rotation, the new one and the old one.
const secrets = [process.env.ONEHOP_WEBHOOK_SECRET];

// express.raw, not express.json: the signature is over the bytes as sent.
app.post("/webhooks/onehop", express.raw({ type: "application/json" }), async (req, res) => {
  if (!verifyOneHopSignature(req.get("OneHop-Signature"), req.body, secrets)) {
    return res.status(400).send("Invalid signature");
  }
  const event = JSON.parse(req.body.toString("utf8"));
  // Record it once (a unique key on event.id makes a redelivery a no-op), answer at once,
  // and do the work (fulfil the order, send the e-mail) in a background job.
  await saveEventOnce(event.id, event);
  res.sendStatus(200);
});

app.listen(3000);`;

export const pythonVerifyFunction = `TOLERANCE_SECONDS = 300


def verify_onehop_signature(header, raw_body, secrets, now=None):
    """Whether raw_body (bytes, exactly as received) was signed by OneHop with one of
    secrets, less than 5 minutes ago."""
    if not header or len(header) > 1000:
        return False
    timestamp, signatures = None, []
    for part in header.split(","):
        key, _, value = part.strip().partition("=")
        if key == "t" and re.fullmatch(r"[0-9]{1,12}", value):
            timestamp = int(value)
        elif key == "v1" and re.fullmatch(r"[0-9a-f]{64}", value):
            signatures.append(value)
    if timestamp is None or not signatures:
        return False
    # An old timestamp is a replayed request: refuse it.
    if abs(int(time.time() if now is None else now) - timestamp) > TOLERANCE_SECONDS:
        return False
    signed = str(timestamp).encode() + b"." + raw_body
    for secret in secrets:
        expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
        if any(hmac.compare_digest(expected, signature) for signature in signatures):
            return True
    return False`;

export const pythonWebhookExample = `import hashlib
import hmac
import json
import os
import re
import time

from flask import Flask, abort, request

${pythonVerifyFunction}


app = Flask(__name__)
# Your endpoint's signing secret; during a rotation, the new one and the old one.
SECRETS = [os.environ["ONEHOP_WEBHOOK_SECRET"]]


@app.post("/webhooks/onehop")
def onehop_webhook():
    raw_body = request.get_data()  # the bytes as sent, never json.dumps(request.json)
    if not verify_onehop_signature(request.headers.get("OneHop-Signature"), raw_body, SECRETS):
        abort(400)
    event = json.loads(raw_body)
    # Record it once (a unique key on event["id"] makes a redelivery a no-op), answer at
    # once, and do the work in a background job.
    save_event_once(event["id"], event)
    return "", 200`;
