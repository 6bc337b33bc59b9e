/**
 * Hold a refusal before sending it (a tarpit) for a client that has been failing
 * (core/sign-in-guard: FAILING_CLIENT_HOLD_MS). A flood that waits for each answer before its next
 * try sends far fewer posts, and each post it does send still costs a page render on the event loop
 * that everyone's requests share. Holding costs a timer, the request and its socket: at most
 * MAX_HELD_REFUSALS are held at once, past that a refusal is sent at once.
 */
export const MAX_HELD_REFUSALS = 256;

let held = 0;

export async function holdRefusal(ms: number): Promise<void> {
  if (ms <= 0 || held >= MAX_HELD_REFUSALS) return;
  held++;
  try {
    await new Promise<void>((resolve) => setTimeout(resolve, ms));
  } finally {
    held--;
  }
}

/** How many refusals are being held now (tests, diagnostics). */
export const heldRefusals = () => held;
