/** Option values and labels of the merchant application form (spec section 3). */
import { formatKes } from "~/utils/format";

export const businessTypes = [
  { value: "ecommerce", label: "E-commerce" },
  { value: "saas", label: "SaaS/Software" },
  { value: "marketplace", label: "Marketplace" },
  { value: "consulting", label: "Consulting" },
  { value: "retail", label: "Retail" },
  { value: "manufacturing", label: "Manufacturing" },
  { value: "gaming", label: "Gaming" },
  { value: "forex", label: "Forex" },
  { value: "crypto-exchange", label: "Crypto Exchange" },
  { value: "other", label: "Other" },
] as const;

/** Expected monthly volume in Kenyan shillings (the form asks "Monthly Volume (KES)"). */
export const monthlyVolumes = [
  { value: "kes-under-100k", label: `Under ${formatKes(100_000)}` },
  { value: "kes-100k-1m", label: `${formatKes(100_000)} to ${formatKes(1_000_000)}` },
  { value: "kes-1m-10m", label: `${formatKes(1_000_000)} to ${formatKes(10_000_000)}` },
  { value: "kes-over-10m", label: `Over ${formatKes(10_000_000)}` },
] as const;

/**
 * The bands the form asked in US dollars before it asked in shillings: applications made then
 * still carry these values, shown to operators as asked.
 */
const monthlyVolumesUsd = [
  { value: "under-10k", label: "Under US$10,000 (asked in USD)" },
  { value: "10k-50k", label: "US$10,000 to US$50,000 (asked in USD)" },
  { value: "50k-100k", label: "US$50,000 to US$100,000 (asked in USD)" },
  { value: "100k-500k", label: "US$100,000 to US$500,000 (asked in USD)" },
  { value: "over-500k", label: "Over US$500,000 (asked in USD)" },
] as const;

/** A stored monthly volume as words: a KES band, an older USD band, or the value itself. */
export function monthlyVolumeLabel(value: string | null | undefined): string {
  return optionLabel([...monthlyVolumes, ...monthlyVolumesUsd], value);
}

export const timelines = [
  { value: "asap", label: "As soon as possible" },
  { value: "1-month", label: "Within 1 month" },
  { value: "3-months", label: "Within 3 months" },
  { value: "6-months", label: "Within 6 months" },
  { value: "exploring", label: "Just exploring" },
] as const;

export const integrationTypes = [
  { value: "api", label: "API Integration" },
  { value: "plugin", label: "Website Plugin" },
  { value: "hosted", label: "Hosted Payment Page" },
  { value: "unsure", label: "Not sure yet" },
] as const;

type Option = { readonly value: string; readonly label: string };

export function optionValues<const T extends readonly Option[]>(
  options: T,
): [T[number]["value"], ...T[number]["value"][]] {
  return options.map((option) => option.value) as [T[number]["value"], ...T[number]["value"][]];
}

export function optionLabel(options: readonly Option[], value: string | null | undefined): string {
  return options.find((option) => option.value === value)?.label ?? value ?? "";
}
