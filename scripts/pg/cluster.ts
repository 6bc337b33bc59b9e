/**
 * A throwaway PostgreSQL cluster (Debian's `postgresql` package), for the tests, the bench and the
 * failover script. PostgreSQL refuses to run as root, so as root the cluster belongs to the
 * `postgres` user (its folder is handed to that user and every program runs through `runuser`).
 * The cluster listens on 127.0.0.1 on a free port, with its socket inside its own folder, so
 * several can run at once, next to a system cluster if there is one.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** Where Debian puts the server's programs (the first version found). */
export function postgresBin(): string | null {
  for (const version of ["17", "16", "15", "14"]) {
    const bin = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(path.join(bin, "pg_ctl"))) return bin;
  }
  return null;
}

export const INSTALL_HINT =
  "PostgreSQL is not installed: `sudo apt-get install postgresql` (Debian's package), then run it again";

const asRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** Run one of the server's programs, as `postgres` when we are root. */
function run(bin: string, program: string, args: string[]): string {
  const file = path.join(bin, program);
  const [command, argv] = asRoot()
    ? ["runuser", ["-u", "postgres", "--", file, ...args]]
    : [file, args];
  return execFileSync(command, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ClusterOptions {
  /**
   * Settings for postgresql.conf. Tests turn `fsync` off (a lost cluster is thrown away anyway);
   * the bench and the failover script keep PostgreSQL's defaults.
   */
  settings?: Record<string, string | number>;
  /** Lines for pg_hba.conf (the default trusts loopback: a throwaway cluster, no password). */
  hba?: string[];
  /** Make the folder but do not initdb (a standby is made by pg_basebackup). */
  empty?: boolean;
  port?: number;
}

export interface Cluster {
  dir: string;
  port: number;
  /** `postgres://onehop@127.0.0.1:PORT/` + database. */
  url(database?: string): string;
  start(): void;
  /** Stop it ("fast": roll back clients; "immediate": as a crash, kill -9 of the server). */
  stop(mode?: "fast" | "immediate"): void;
  /** A command run as the cluster's owner, with the server's programs (pg_basebackup, psql…). */
  run(program: string, args: string[]): string;
  /** Run SQL as the superuser on its `onehop` database; the rows, unaligned. */
  sql(...statements: string[]): string;
  /** kill -9 the server and every process it started (a crash of the machine's database). */
  kill(): void;
  /** A standby: promote it to a primary. */
  promote(): void;
  /** Stop it and delete its folder. */
  remove(): void;
}

export const SUPERUSER = "onehop";

/** Create (initdb) and start a cluster in a new temporary folder. */
export async function createCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const bin = postgresBin();
  if (!bin) throw new Error(INSTALL_HINT);
  const dir = mkdtempSync(path.join(tmpdir(), "onehop-pg-"));
  const data = path.join(dir, "data");
  const port = options.port ?? (await freePort());
  if (asRoot()) chownSync(dir, uidOf("postgres"), gidOf("postgres"));
  const cluster: Cluster = {
    dir,
    port,
    url: (database = SUPERUSER) => `postgres://${SUPERUSER}@127.0.0.1:${port}/${database}`,
    run: (program, args) => run(bin, program, args),
    start: () => {
      run(bin, "pg_ctl", [
        "-D",
        data,
        "-l",
        path.join(dir, "server.log"),
        "-w",
        "-t",
        "60",
        "start",
      ]);
    },
    stop: (mode = "fast") => {
      if (!existsSync(path.join(data, "postmaster.pid"))) return;
      spawnSync(
        asRoot() ? "runuser" : path.join(bin, "pg_ctl"),
        [
          ...(asRoot() ? ["-u", "postgres", "--", path.join(bin, "pg_ctl")] : []),
          "-D",
          data,
          "-m",
          mode,
          "-w",
          "stop",
        ],
        { stdio: "ignore" },
      );
    },
    sql: (...statements) =>
      run(bin, "psql", [
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "-U",
        SUPERUSER,
        "-At",
        ...statements.flatMap((statement) => ["-c", statement]),
      ]).trim(),
    kill: () => killTree(data),
    promote: () => {
      run(bin, "pg_ctl", ["-D", data, "-w", "promote"]);
    },
    remove: () => {
      cluster.stop("immediate");
      killTree(data);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  if (options.empty) return cluster;
  run(bin, "initdb", ["-D", data, "-A", "trust", "-U", SUPERUSER, "-E", "UTF8", "--no-sync"]);
  configure(cluster, data, options);
  cluster.start();
  run(bin, "createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", SUPERUSER, SUPERUSER]);
  return cluster;
}

/** Write the cluster's settings (port, socket folder, the caller's settings) and pg_hba.conf. */
export function configure(
  cluster: Pick<Cluster, "dir" | "port">,
  data: string,
  options: ClusterOptions,
): void {
  const settings: Record<string, string | number> = {
    port: cluster.port,
    listen_addresses: "'127.0.0.1'",
    unix_socket_directories: `'${cluster.dir}'`,
    max_connections: 200,
    idle_in_transaction_session_timeout: "'60s'",
    ...options.settings,
  };
  const conf = Object.entries(settings)
    .map(([key, value]) => `${key} = ${value}`)
    .join("\n");
  // Added after what is there (a standby's primary_conninfo, written by pg_basebackup -R): a later
  // line wins.
  const auto = path.join(data, "postgresql.auto.conf");
  const before = existsSync(auto) ? readFileSync(auto, "utf8") : "";
  writeFileSync(auto, `${before}${before && !before.endsWith("\n") ? "\n" : ""}${conf}\n`);
  const hba = options.hba ?? [
    "local all all trust",
    "host all all 127.0.0.1/32 trust",
    "local replication all trust",
    "host replication all 127.0.0.1/32 trust",
  ];
  writeFileSync(path.join(data, "pg_hba.conf"), `${hba.join("\n")}\n`);
  if (asRoot()) {
    for (const file of [auto, path.join(data, "pg_hba.conf")])
      chownSync(file, uidOf("postgres"), gidOf("postgres"));
  }
}

/** SIGKILL the postmaster of `data` and its children (its backends would otherwise linger). */
function killTree(data: string): void {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return;
  }
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The fourth field of /proc/PID/stat is the parent's pid.
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  for (const each of [pid, ...children]) {
    try {
      process.kill(each, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/**
 * A streaming standby of `primary` (pg_basebackup -R), started on its own port. With
 * `synchronous_standby_names = '*'` on the primary, a commit returns once the standby has it.
 */
export async function createStandby(
  primary: Cluster,
  options: ClusterOptions = {},
): Promise<Cluster> {
  const standby = await createCluster({ ...options, empty: true });
  const data = path.join(standby.dir, "data");
  standby.run("pg_basebackup", [
    "-h",
    "127.0.0.1",
    "-p",
    String(primary.port),
    "-U",
    SUPERUSER,
    "-D",
    data,
    "-R",
    "-X",
    "stream",
    "--no-sync",
    // At once, not spread over minutes: the primary is idle or a test's.
    "--checkpoint=fast",
  ]);
  configure(standby, data, options);
  standby.start();
  return standby;
}

function idOf(flag: "-u" | "-g", user: string): number {
  return Number(execFileSync("id", [flag, user], { encoding: "utf8" }).trim());
}
const uidOf = (user: string) => idOf("-u", user);
const gidOf = (user: string) => idOf("-g", user);
