/**
 * Is the server process that holds something still running (ADR 0047)? A job lease, an
 * Idempotency-Key claim and a transfer's send claim name their process (`onehop <pid>@<host>`,
 * a send claim with `#<run>` after it). Another process that finds one held asks `processGone`
 * before waiting for it to lapse: on this machine, a holder whose pid no longer exists was killed
 * (kill -9, a crash) and its claims are taken over at once. A holder on another machine cannot be
 * told apart from a slow one: its claims lapse as before.
 */
import { HOST, THIS_PROCESS } from "~/db/process-name.server";

export { THIS_PROCESS };

const NAME = /^onehop (\d+)@([^#]*)(?:#.*)?$/;

/** Whether the process named in `holder` has certainly ended (false when that cannot be told). */
export function processGone(holder: string | null): boolean {
  const named = holder ? NAME.exec(holder) : null;
  // Another machine's process (the host part may be cut short by the 63 characters), or ours.
  if (!named || !HOST.startsWith(named[2]!) || Number(named[1]) === process.pid) return false;
  try {
    process.kill(Number(named[1]), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
