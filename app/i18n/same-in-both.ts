/**
 * Messages that are rightly the same in English and Kiswahili: names, codes and words Kenyans use
 * as they are (docs/i18n/glossary.md, "Kept as written"). The completeness test allows these and
 * nothing else to be equal in both languages.
 */
export const SAME_IN_BOTH = new Set<string>([
  "OneHop Payments Limited",
  "OneHop",
  "M-Pesa",
  "Kiswahili",
  "English",
  "Paybill",
  "Till",
  "Airtel Money",
  "T-Kash",
  "PesaLink",
  "API",
  "REST API",
  "SDK",
  "Webhooks",
  "Kenya",
  "KES",
  "USD",
  "QR",
  "PIN",
  "|",
]);

/**
 * English words that give away an untranslated Kiswahili message (the test looks for them as whole
 * words; names above are checked before).
 */
export const ENGLISH_GIVEAWAYS = [
  "the",
  "and",
  "your",
  "you",
  "with",
  "please",
  "this",
  "payment",
  "payments",
  "account",
  "amount",
  "send",
  "sign",
  "settings",
  "merchant",
  "customer",
  "receipt",
  "refund",
  "balance",
  "fee",
  "try",
  "again",
  "not",
  "is",
  "are",
  "will",
  "from",
  "when",
] as const;
