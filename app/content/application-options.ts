/**
 * Option values and labels of the merchant application form (spec section 3). The labels are the
 * English of the application's catalog (app/i18n/catalogs/application.ts), where the form reads
 * them in the page's language; operators see these.
 */
import { applicationMessages } from "~/i18n/catalogs/application";

const labels = applicationMessages.en;

export const businessTypes = [
  { value: "ecommerce", label: labels.businessTypes.ecommerce },
  { value: "saas", label: labels.businessTypes.saas },
  { value: "marketplace", label: labels.businessTypes.marketplace },
  { value: "consulting", label: labels.businessTypes.consulting },
  { value: "retail", label: labels.businessTypes.retail },
  { value: "manufacturing", label: labels.businessTypes.manufacturing },
  { value: "gaming", label: labels.businessTypes.gaming },
  { value: "forex", label: labels.businessTypes.forex },
  { value: "crypto-exchange", label: labels.businessTypes["crypto-exchange"] },
  { value: "other", label: labels.businessTypes.other },
] as const;

/** Expected monthly volume in Kenyan shillings (the form asks "Monthly Volume (KES)"). */
export const monthlyVolumes = [
  { value: "kes-under-100k", label: labels.monthlyVolumes["kes-under-100k"] },
  { value: "kes-100k-1m", label: labels.monthlyVolumes["kes-100k-1m"] },
  { value: "kes-1m-10m", label: labels.monthlyVolumes["kes-1m-10m"] },
  { value: "kes-over-10m", label: labels.monthlyVolumes["kes-over-10m"] },
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
  { value: "asap", label: labels.timelines.asap },
  { value: "1-month", label: labels.timelines["1-month"] },
  { value: "3-months", label: labels.timelines["3-months"] },
  { value: "6-months", label: labels.timelines["6-months"] },
  { value: "exploring", label: labels.timelines.exploring },
] as const;

export const integrationTypes = [
  { value: "api", label: labels.integrationTypes.api },
  { value: "plugin", label: labels.integrationTypes.plugin },
  { value: "hosted", label: labels.integrationTypes.hosted },
  { value: "unsure", label: labels.integrationTypes.unsure },
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
