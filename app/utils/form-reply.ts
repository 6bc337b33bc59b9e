/**
 * A form's reply (Conform's `submission.reply()`) sends what was typed back into the form. Never
 * more than each field's maximum length: a value posted far over the limit (a bot, a probe) is cut
 * to the field's maximum before it is echoed, so the answer stays small whatever was sent.
 */
import type { SubmissionResult } from "@conform-to/react";

/** For fields with no declared maximum (choices, ids, check boxes): longer than any real value. */
export const OTHER_FIELD_MAX = 200;

type Value = SubmissionResult["initialValue"] extends Record<string, infer V> | null | undefined
  ? V
  : never;

function clip(value: Value, max: number): Value {
  if (typeof value === "string") return value.length > max ? value.slice(0, max) : value;
  if (Array.isArray(value)) return value.map((item) => clip(item, max)) as Value;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, clip(item as Value, max)]),
    ) as Value;
  }
  return value;
}

/**
 * The same reply with every echoed value cut to its field's maximum length (`limits`, else
 * OTHER_FIELD_MAX).
 */
export function replyWithinLimits<R extends SubmissionResult<string[]>>(
  result: R,
  limits: Readonly<Record<string, number>>,
): R {
  if (!result.initialValue) return result;
  const initialValue = Object.fromEntries(
    Object.entries(result.initialValue).map(([name, value]) => [
      name,
      clip(value, limits[name] ?? OTHER_FIELD_MAX),
    ]),
  );
  return { ...result, initialValue };
}
