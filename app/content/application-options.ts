/** Option values and labels of the merchant application form (spec section 3). */

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

/** Expected monthly volume in USD. */
export const monthlyVolumes = [
  { value: "under-10k", label: "Under $10,000" },
  { value: "10k-50k", label: "$10,000 - $50,000" },
  { value: "50k-100k", label: "$50,000 - $100,000" },
  { value: "100k-500k", label: "$100,000 - $500,000" },
  { value: "over-500k", label: "Over $500,000" },
] as const;

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
