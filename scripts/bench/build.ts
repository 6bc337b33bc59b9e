/** Build the app when the production build is missing or older than the sources in app/. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

function newestMtimeMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtimeMs(full) : statSync(full).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/** Why a build is needed, or null when the build is up to date. */
export function buildNeeded(root: string): string | null {
  const serverBuild = path.join(root, "build/index.js");
  if (!existsSync(serverBuild)) return "build/index.js is missing";
  if (!existsSync(path.join(root, "public/build"))) return "public/build is missing";
  if (newestMtimeMs(path.join(root, "app")) > statSync(serverBuild).mtimeMs) {
    return "app/ has files newer than build/index.js";
  }
  return null;
}

/** `npx remix build`; its stdout goes to our stderr so stdout carries only the table. */
export function runBuild(root: string): boolean {
  const result = spawnSync("npx", ["remix", "build"], { cwd: root, stdio: ["inherit", 2, 2] });
  return result.status === 0;
}
