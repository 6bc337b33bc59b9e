/**
 * The test helpers' examples on /docs (issue 32): one curl call per helper. The bodies are checked
 * against the API's own schemas in app/api/api-test-helpers.test.ts.
 */
export const testHelperExamples = {
  pay: {
    path: "/test_helpers/payments/pay_k3ny4x7q2m9d/pay",
    body: { method: "crypto", amount: "19.35", confirmations: 2 },
  },
  payMpesa: {
    path: "/test_helpers/payments/pay_k3ny4x7q2m9d/pay",
    body: { method: "mpesa", phone: "+254712345678" },
  },
  fund: {
    path: "/test_helpers/balance/fund",
    body: { amount: 5000000, currency: "KES" },
  },
  failNext: {
    path: "/test_helpers/payouts/fail_next",
    body: { reason: "invalid_account" },
  },
} as const;

/** A curl call of the API at `baseUrl` with a test key from the shell. */
export function testHelperCurl(baseUrl: string, path: string, body: unknown): string {
  return [
    `curl ${baseUrl}${path} \\`,
    `  -H "Authorization: Bearer $ONEHOP_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${JSON.stringify(body)}'`,
  ].join("\n");
}
