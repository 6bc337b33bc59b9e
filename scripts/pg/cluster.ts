/**
 * A throwaway PostgreSQL cluster (Debian's `postgresql` package), for the tests, the bench and the
 * failover script. PostgreSQL refuses to run as root, so as root the cluster belongs to the
 * `postgres` user (its folder is handed to that user and every program runs through `runuser`).
 * The cluster listens on 127.0.0.1 on a free port, with its socket inside its own folder, so
 * several can run at once, next to a system cluster if there is one.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
    remove: () => {
      cluster.stop("immediate");
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
  const auto = path.join(data, "postgresql.auto.conf");
  writeFileSync(auto, `${conf}\n`);
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

function idOf(flag: "-u" | "-g", user: string): number {
  return Number(execFileSync("id", [flag, user], { encoding: "utf8" }).trim());
}
const uidOf = (user: string) => idOf("-u", user);
const gidOf = (user: string) => idOf("-g", user);
