import { describe, expect, it } from "vitest";
import {
  hashPassword,
  PASSWORD_QUEUE,
  passwordHashSlots,
  QueueFullError,
  verifyPassword,
} from "./passwords.server";

describe("password hashing queue", () => {
  it("refuses the next check at once when the queue is full of pending hashes, and runs the rest", async () => {
    const stored = await hashPassword("the password");
    const settled: number[] = [];
    // One hash running and a full normal lane waiting behind it: real scrypt calls, all pending.
    const pending = Array.from(
      { length: PASSWORD_QUEUE.concurrent + PASSWORD_QUEUE.waitingPerLane },
      (_, index) =>
        verifyPassword(index === 0 ? "the password" : `wrong ${index}`, stored).then((valid) => {
          settled.push(index);
          return valid;
        }),
    );
    expect(passwordHashSlots.stats).toEqual({
      running: PASSWORD_QUEUE.concurrent,
      waiting: { high: 0, normal: PASSWORD_QUEUE.waitingPerLane },
    });

    const refused = verifyPassword("the password", stored);
    await expect(refused).rejects.toBeInstanceOf(QueueFullError);
    // Refused before any of the queued hashes finished: it waited for none of them.
    expect(settled).toEqual([]);

    // The high lane (clients with a clean record, new passwords) still has room.
    const clean = verifyPassword("the password", stored, { priority: "high" });
    const fresh = hashPassword("a new password");
    expect(await Promise.all(pending)).toEqual([
      true,
      ...Array<boolean>(PASSWORD_QUEUE.waitingPerLane).fill(false),
    ]);
    expect(await clean).toBe(true);
    expect(await fresh).toMatch(/^scrypt\$/);
    expect(passwordHashSlots.stats).toEqual({ running: 0, waiting: { high: 0, normal: 0 } });
  });
});
