// The worker behind tests/setup/pg-sync.ts: runs each query on its own PostgreSQL connection (one
// per database URL) and hands the answer back while the test's thread waits on `signal`.
import { workerData } from "node:worker_threads";
import pg from "pg";

const { port, signal } = workerData;
const flag = new Int32Array(signal);
const clients = new Map();

const integer = (text) => {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
};
// The same parsers as the store's pool (app/db/pg-store.server.ts).
const types = {
  getTypeParser(oid, format) {
    if (oid === pg.types.builtins.INT8) return integer;
    if (oid === pg.types.builtins.NUMERIC)
      return (text) => (/^-?\d+$/.test(text) ? integer(text) : Number(text));
    if (oid === pg.types.builtins.BOOL) return (text) => (text === "t" ? 1 : 0);
    return pg.types.getTypeParser(oid, format);
  },
};

async function clientFor(url) {
  let client = clients.get(url);
  if (!client) {
    client = new pg.Client({ connectionString: url, types });
    clients.set(url, client);
    await client.connect();
  }
  return client;
}

async function answer(request) {
  if (request.close) {
    const client = clients.get(request.close);
    clients.delete(request.close);
    await client?.end();
    return { rows: [], rowCount: 0 };
  }
  const client = await clientFor(request.url);
  const result = await client.query({
    text: request.text,
    values: request.values,
    ...(request.arrays ? { rowMode: "array" } : {}),
  });
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  return { rows: last.rows, rowCount: last.rowCount ?? 0 };
}

port.on("message", async (request) => {
  let reply;
  try {
    reply = { id: request.id, ok: await answer(request) };
  } catch (error) {
    const { message, code, detail } = error;
    reply = { id: request.id, error: { message, code, detail } };
  }
  port.postMessage(reply);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
