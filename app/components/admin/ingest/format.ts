/** Operator-facing times: Nairobi time (EAT), 24-hour. */
const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Nairobi",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

export function formatEatDateTime(value: number | string): string {
  return `${dateTime.format(new Date(value))} EAT`;
}

/**
 * "2026-11-14T07:00:00.000Z/2026-11-21T07:00:00.000Z" -> "14 Nov 2026, 10:00 EAT to 21 Nov 2026,
 * 10:00 EAT".
 */
export function formatTimeWindow(interval: string): string {
  const [start, end] = interval.split("/");
  if (!start || !end) return interval;
  return `${formatEatDateTime(start)} to ${formatEatDateTime(end)}`;
}
