/**
 * The KYB documents field of the merchant application (issue 11, item 14). The server checks
 * each file's bytes and size (app/core/kyb/documents.server.ts); this is what the form offers.
 */
export const KYB_DOCUMENTS = {
  field: "documents",
  label: "Business Registration Documents",
  hint: "Optional: Certificate of Incorporation or Business Registration Certificate, CR12, KRA PIN. PDF, JPEG or PNG, up to 3 files of 5 MB each. You can also send them later when we ask.",
  accept: ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png",
  maxFiles: 3,
  maxFileBytes: 5 * 1024 * 1024,
} as const;
