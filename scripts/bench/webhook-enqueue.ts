/**
 * Write `count` ping events into the webhook outbox for one endpoint, in transactions of `batch`
 * (the bench's 10,000-event row, run against the bench database while the server runs):
 *
 *   node --import tsx scripts/bench/webhook-enqueue.ts <merchantId> <endpointId> <count> <batch>
 *
 * Prints the event ids as a JSON array on stdout when done.
 */
import { enqueueEvent } from "../../app/core/api/outbox.server";
import { sqliteStore } from "../../app/db/sqlite-store.server";
import { openDatabase } from "../../app/db/sqlite-connection.server";
import { env } from "../../app/utils/env.server";

const [merchantId, endpointId, countText, batchText] = process.argv.slice(2);
const count = Number(countText);
const batch = Number(batchText);
if (
  !merchantId ||
  !endpointId ||
  !Number.isInteger(count) ||
  !Number.isInteger(batch) ||
  count < 1 ||
  count > 100_000 ||
  batch < 1 ||
  batch > 10_000
) {
  console.error("usage: webhook-enqueue.ts <merchantId> <endpointId> <count 1..100000> <batch>");
  process.exit(2);
}

const store = sqliteStore(openDatabase(env.DATABASE_URL));
const ids: string[] = [];
for (let done = 0; done < count; done += batch) {
  const size = Math.min(batch, count - done);
  await store.write(async (q) => {
    for (let i = 0; i < size; i++) {
      const event = await enqueueEvent(q, {
        merchantId,
        mode: "test",
        type: "ping",
        objectId: null,
        data: { bench: "restart", n: done + i },
        now: Date.now(),
        endpointId,
      });
      ids.push(event.id);
    }
  });
}
await store.close();
process.stdout.write(`${JSON.stringify(ids)}\n`);
