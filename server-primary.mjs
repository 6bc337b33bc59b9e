/**
 * node:cluster's primary for WEB_CONCURRENCY=N (ADR 0047), run by server.mjs. It serves nothing:
 *
 * - gets the ground ready once (`prepareWorkers` in the server bundle: migrations, and in simulator
 *   mode the simulators, whose settings every worker gets);
 * - forks N workers that share the listening socket: each accepts its own connections (the kernel
 *   hands a connection to a process waiting for one). Not node's round-robin, where the primary
 *   accepts and passes each connection on: a connection passed to a worker as it is killed is lost
 *   (the client waits for ever), and the handle can close for the survivors (nodejs/node#3551);
 *   with a shared socket, what the dead worker had not accepted goes to another;
 * - starts another worker 1 s after one dies (a crash, `kill -9`); a worker that dies before it
 *   ever listened (a bad setting, the database refused) stops the whole server, exit 1, rather
 *   than forking in a loop;
 * - passes on a worker's "clear the page cache" to the others (a published article);
 * - on SIGTERM/SIGINT, passes it on, waits for the workers (at most 12 s), then stops the
 *   simulators and exits.
 */
import cluster from "node:cluster";

const log = (line) => console.log(`[onehop] ${line}`);

export async function runPrimary({ prepareWorkers }) {
  let ground;
  try {
    ground = await prepareWorkers();
  } catch (error) {
    console.error(
      `[onehop] start-up failed before the server processes: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  for (const [name, url] of Object.entries(ground.simulators))
    log(`simulator for the workers: ${name}=${url}`);
  // libuv's UV_TCP_SINGLE_ACCEPT: a worker accepts one connection, then yields to the others, so
  // a burst of new connections spreads over the workers instead of going to the first one awake.
  const workerEnv = { ...ground.env, ONEHOP_PROCESS_ROLE: "app", UV_TCP_SINGLE_ACCEPT: "1" };
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  const listened = new Set();

  const fork = () => {
    const worker = cluster.fork(workerEnv);
    log(`server process ${worker.process.pid} started`);
  };
  cluster.on("listening", (worker) => listened.add(worker.id));
  cluster.on("message", (from, message) => {
    if (message?.type !== "onehop:clear-page-cache") return;
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker && worker.id !== from.id && worker.isConnected()) worker.send(message);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!listened.has(worker.id)) {
      console.error(
        `[onehop] server process ${worker.process.pid} stopped before it served (${signal ?? `exit ${code}`}): stopping`,
      );
      stop("start-up failure", 1);
      return;
    }
    log(
      `server process ${worker.process.pid} ended (${signal ?? `exit ${code}`}): starting another`,
    );
    setTimeout(() => stopping || fork(), 1_000).unref();
  });

  function stop(reason, exitCode) {
    if (stopping) return;
    stopping = true;
    log(`${reason}: closing ${Object.keys(cluster.workers ?? {}).length} server processes`);
    const running = Object.values(cluster.workers ?? {}).filter(Boolean);
    for (const worker of running) worker.process.kill("SIGTERM");
    const done = () => ground.close().finally(() => process.exit(exitCode));
    Promise.all(
      running.map((worker) =>
        worker.isDead() ? undefined : new Promise((resolve) => worker.once("exit", resolve)),
      ),
    ).then(done);
    setTimeout(done, 12_000).unref();
  }
  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => stop(signal, 0));

  for (let i = 0; i < ground.count; i++) fork();
}
