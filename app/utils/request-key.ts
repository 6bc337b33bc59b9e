/**
 * A form that moves money (a refund, a payout) is sent once per review: the review page carries a
 * request key, and the server makes the money movement at most once per merchant and key. A second
 * submit (a double click, a resent form without JavaScript, the back button) finds the first.
 */
import { z } from "zod";

/** What a posted request key may look like (anything else is refused as a malformed form). */
export const requestKeyField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();
