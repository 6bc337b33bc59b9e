/**
 * The sign-in fairness row of `npm run bench` (issue 27, item 6); `BENCH_ONLY=sign-in-fairness`
 * runs it alone (about a minute).
 *
 * The flood: 40 connection loops post wrong passwords to /merchant-signin, each rotating over its
 * own 16 loopback addresses (127.20.0.1-16 for the first loop … 127.59.0.1-16 for the last: 640
 * addresses; Linux answers all of 127.0.0.0/8, and server.mjs keys a client on its socket's
 * address). Every other post is for the demo merchant's user, the rest for unknown usernames of
 * the same merchant, so each costs a password hash until its address reaches its limits.
 *
 * An address is "clean" (it may use the hashing queue's high lane) until its first failure or busy
 * refusal, so a flood address takes at most one high-lane try. The measured sign-ins start once
 * every flood address has made that first try (the time it took is printed): then 20 correct
 * sign-ins as the demo merchant, one after another, each from an address never seen before
 * (127.200.0.1-20). Target: 20 of 20 signed in (302 with a session cookie), p99 < 2 s.
 *
 * Every request goes to loopback addresses only; every loop is bounded in count and time.
 */
import { signInRefusal } from "~/content/sign-in";
import type { AppServer } from "./processes";
import { DEMO_MERCHANT, percentile, postForm } from "./hardening";

export const FAIRNESS = {
  connections: 40,
  addressesPerConnection: 16,
  tries: 20,
  /** Between the starts of two measured sign-ins. */
  spacingMs: 750,
  /** The flood's first pass over its addresses may take at most this long. */
  maxWarmUpMs: 60_000,
  target: { p99Ms: 2000 },
} as const;

export interface FairnessFigures {
  addresses: number;
  warmUpSeconds: number;
  floodSeconds: number;
  floodRequests: number;
  floodByStatus: Record<string, number>;
  tries: number;
  signedIn: number;
  triesByStatus: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** "429 busy" or "429 throttled" (the page's message says which), else the status. */
function describeAnswer(status: number, body: string): string {
  if (status !== 429) return String(status);
  if (body.includes(signInRefusal.busy)) return "429 busy";
  return body.includes("Too many failed sign-in attempts") ? "429 throttled" : "429";
}

const count = (counts: Record<string, number>, key: string | number) =>
  (counts[key] = (counts[key] ?? 0) + 1);

export async function benchSignInFairness(app: AppServer): Promise<FairnessFigures> {
  const { connections, addressesPerConnection, tries, spacingMs, maxWarmUpMs } = FAIRNESS;
  const addresses = connections * addressesPerConnection;
  const floodByStatus: Record<string, number> = {};
  let floodRequests = 0;
  let firstTries = 0;
  let stop = false;
  const hardStop = Date.now() + maxWarmUpMs + tries * spacingMs * 4 + 60_000;
  const flooder = async (loop: number) => {
    for (let request = 0; !stop && Date.now() < hardStop; request++) {
      const slot = request % addressesPerConnection;
      try {
        const answer = await postForm(
          app.baseUrl,
          "/merchant-signin",
          {
            merchantId: DEMO_MERCHANT.merchantId,
            username: request % 2 === 0 ? DEMO_MERCHANT.username : `ghost-${loop}-${request}`,
            password: `wrong-password-${loop}-${request}`,
          },
          { localAddress: `127.${20 + loop}.0.${slot + 1}` },
        );
        count(floodByStatus, describeAnswer(answer.status, answer.body));
      } catch (error) {
        count(floodByStatus, (error as NodeJS.ErrnoException).code ?? "error");
      }
      floodRequests++;
      if (request < addressesPerConnection) firstTries++;
    }
  };
  const floodStarted = performance.now();
  const flood = Promise.all(Array.from({ length: connections }, (_, loop) => flooder(loop)));
  while (firstTries < addresses && performance.now() - floodStarted < maxWarmUpMs)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const warmUpSeconds = (performance.now() - floodStarted) / 1000;

  const latencies: number[] = [];
  const triesByStatus: Record<string, number> = {};
  let signedIn = 0;
  for (let index = 0; index < tries; index++) {
    const started = performance.now();
    const answer = await postForm(app.baseUrl, "/merchant-signin", DEMO_MERCHANT, {
      localAddress: `127.200.0.${index + 1}`,
    }).catch((error: NodeJS.ErrnoException) => {
      count(triesByStatus, error.code ?? "error");
      return null;
    });
    latencies.push(performance.now() - started);
    if (answer) count(triesByStatus, describeAnswer(answer.status, answer.body));
    if (
      answer?.status === 302 &&
      answer.setCookie.some((cookie) => cookie.startsWith("onehop_session="))
    )
      signedIn++;
    const wait = spacingMs - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  stop = true;
  await flood;
  return {
    addresses,
    warmUpSeconds,
    floodSeconds: (performance.now() - floodStarted) / 1000,
    floodRequests,
    floodByStatus,
    tries: latencies.length,
    signedIn,
    triesByStatus,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(0, ...latencies),
  };
}

const describeCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([status, times]) => `${times}x ${status}`)
    .join(", ");

export function formatSignInFairness(figures: FairnessFigures): string[] {
  const ok =
    figures.signedIn === FAIRNESS.tries &&
    figures.tries === FAIRNESS.tries &&
    figures.p99Ms < FAIRNESS.target.p99Ms;
  return [
    "",
    "Sign-in fairness (issue 27, item 6):",
    `  ${ok ? "PASS" : "FAIL"}  ${FAIRNESS.tries} correct sign-ins from fresh addresses during a ${FAIRNESS.connections}-connection wrong-password flood from ${figures.addresses} rotating addresses: ${figures.signedIn}/${figures.tries} signed in, p50 ${figures.p50Ms.toFixed(0)} ms, p99 ${figures.p99Ms.toFixed(0)} ms, max ${figures.maxMs.toFixed(0)} ms (target ${FAIRNESS.tries}/${FAIRNESS.tries}, p99 < ${FAIRNESS.target.p99Ms} ms); answered ${describeCounts(figures.triesByStatus)}`,
    `        the flood: ${figures.floodRequests} wrong-password posts in ${figures.floodSeconds.toFixed(0)} s (every address had made its first try after ${figures.warmUpSeconds.toFixed(1)} s), answered ${describeCounts(figures.floodByStatus)}`,
  ];
}
