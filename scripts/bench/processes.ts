/** Child processes for the bench: the production app server, the static baseline, RSS polling. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { openSync, writeSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
// `import type` is always erased: importing static-server.ts for real would start a server here.
import type { StaticResponse, StaticServerMessage } from "./static-server";

/**
 * The environment of a production server on a free port with its own fresh database in `dir`,
 * in simulator mode (the bench and the Lighthouse run).
 */
export function localServerEnv(dir: string, port: number, database: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dir,
    DATABASE_URL: path.join(dir, database),
    SESSION_SECRET: randomBytes(20).toString("hex"),
    PUBLIC_SITE_URL: `http://localhost:${port}`,
    PROVIDER_MODE: "simulator",
  };
}

/**
 * The server's heap flags: none, Node's default limits, as `npm start` runs it (ADR 0044 retired
 * the 112 MB old-space cap of ADR 0006). `BENCH_SERVER_HEAP_MB` sets an old-space limit for a run.
 */
export const HEAP_FLAGS: string[] = [];
export const HEAP_FLAG = "Node's default heap limits";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/** Resolves with the exit code (or signal name) when the child exits; never rejects. */
function exited(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve(String(child.exitCode ?? child.signalCode));
      return;
    }
    child.once("exit", (code, signal) => resolve(String(code ?? signal)));
  });
}

/** SIGTERM, then SIGKILL after `graceMs`. Safe to call twice or on a dead child. */
export async function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = exited(child);
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await done;
  clearTimeout(timer);
}

export interface AppServer {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** The last lines the server wrote to stderr, and how many in all. */
  stderr: { tail: string[]; lines: number };
  isRunning(): boolean;
}

/** `node <HEAP_FLAGS> server.mjs build/index.js`, as `npm start` runs it. */
export function spawnAppServer(root: string, env: NodeJS.ProcessEnv, port: number): AppServer {
  // BENCH_CPU_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROFILE;
  const profileFlags = profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  // BENCH_SERVER_HEAP_MB: an explicit old-space limit for the run (by default none: Node's own).
  const heapMb = process.env.BENCH_SERVER_HEAP_MB;
  const heapFlags = heapMb ? [`--max-old-space-size=${Number(heapMb)}`] : HEAP_FLAGS;
  const child = spawn(
    process.execPath,
    [...heapFlags, ...profileFlags, "server.mjs", "build/index.js"],
    {
      cwd: root,
      env,
      // stdout (one log line per request, with the server's own response time) → /dev/null, or
      // the file BENCH_SERVER_LOG names; stderr kept for diagnostics.
      stdio: [
        "ignore",
        process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, "a") : "ignore",
        "pipe",
      ],
    },
  );
  if (child.pid === undefined) throw new Error("could not spawn the app server");
  const stderr = { tail: [] as string[], lines: 0 };
  let partial = "";
  child.stderr?.setEncoding("utf8");
  // With BENCH_SERVER_LOG, stderr (warnings, errors, a crash's stack) goes to <file>.err too.
  const errLog = process.env.BENCH_SERVER_LOG
    ? openSync(`${process.env.BENCH_SERVER_LOG}.err`, "a")
    : undefined;
  if (errLog !== undefined) child.stderr?.on("data", (chunk: string) => writeSync(errLog, chunk));
  child.stderr?.on("data", (chunk: string) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) {
      stderr.lines += 1;
      stderr.tail.push(line);
      if (stderr.tail.length > 20) stderr.tail.shift();
    }
  });
  return {
    child,
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    stderr,
    isRunning: () => child.exitCode === null && child.signalCode === null,
  };
}

/** Poll GET /healthz until it answers 200. Throws if the server exits or `timeoutMs` passes. */
export async function waitForHealthy(server: AppServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (!server.isRunning()) {
      throw new Error(
        `server exited (${server.child.exitCode ?? server.child.signalCode}) before /healthz answered`,
      );
    }
    try {
      const response = await fetch(`${server.baseUrl}/healthz`, {
        signal: AbortSignal.timeout(2000),
      });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`/healthz did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
}

export interface StaticServer {
  child: ChildProcess;
  baseUrl: string;
  /** Serve this response to every request from now on. */
  serve(status: number, headers: Record<string, string>, body: Buffer): Promise<void>;
}

export function startStaticServer(root: string): Promise<StaticServer> {
  const script = fileURLToPath(new URL("./static-server.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const nextMessage = (type: StaticServerMessage["type"]) =>
    new Promise<StaticServerMessage>((resolve, reject) => {
      const onMessage = (message: StaticServerMessage) => {
        if (message.type !== type) return;
        child.off("exit", onExit);
        child.off("message", onMessage);
        resolve(message);
      };
      const onExit = (code: number | null, signal: string | null) => {
        child.off("message", onMessage);
        reject(new Error(`static server exited (${code ?? signal})`));
      };
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  return nextMessage("ready").then((ready) => ({
    child,
    baseUrl: `http://127.0.0.1:${ready.type === "ready" ? ready.port : 0}`,
    async serve(status, headers, body) {
      const acknowledged = nextMessage("set-ok");
      const message: StaticResponse = {
        type: "set",
        status,
        headers,
        bodyBase64: body.toString("base64"),
      };
      child.send(message);
      await acknowledged;
    },
  }));
}

/** A `/proc/<pid>/status` field in kB (VmRSS, VmHWM...), or undefined when unreadable. */
export function procStatusKb(pid: number, field: "VmRSS" | "VmHWM"): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(
      readFileSync(`/proc/${pid}/status`, "utf8"),
    );
    return match?.[1] ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The CPU time a process has used so far (user + system, from `/proc/<pid>/stat`, in clock ticks of
 * 10 ms), in milliseconds, or undefined when unreadable.
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name (which may hold spaces) start after its closing ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * CLOCK_TICK_MS : undefined;
  } catch {
    return undefined;
  }
}
/** `getconf CLK_TCK` is 100 on Linux for every architecture Node runs on here. */
const CLOCK_TICK_MS = 10;

/** Samples VmRSS every `intervalMs` and keeps the peak. */
export function pollRss(
  pid: number,
  intervalMs = 250,
): { peakKb(): number | undefined; stop(): void } {
  let peak: number | undefined;
  const sample = () => {
    const rss = procStatusKb(pid, "VmRSS");
    if (rss !== undefined && (peak === undefined || rss > peak)) peak = rss;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return { peakKb: () => peak, stop: () => clearInterval(timer) };
}

/** kill -9 `server`, then start it again on the same port with `env` (same database). */
export async function killAndRestartAppServer(
  root: string,
  server: AppServer,
  env: NodeJS.ProcessEnv,
): Promise<AppServer> {
  const gone = exited(server.child);
  server.child.kill("SIGKILL");
  await gone;
  return spawnAppServer(root, env, Number(new URL(server.baseUrl).port));
}

/** A positive integer setting from the environment (`fallback` when unset). */
export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer (got "${raw}")`);
  return value;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Run one of the bench's database scripts (`scripts/bench/<script>`, e.g. rails-db.ts) as a child
 * process with the server's environment, and read the JSON it prints.
 */
export function runDbScript(
  context: { root: string; env: NodeJS.ProcessEnv },
  script: string,
  args: string[],
): unknown {
  const done = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(context.root, "scripts/bench", script), ...args],
    { cwd: context.root, env: context.env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  if (done.status !== 0)
    throw new Error(`${script} ${args[0]} failed (${done.status}): ${done.stderr.trim()}`);
  return JSON.parse(done.stdout) as unknown;
}
