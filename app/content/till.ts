/**
 * The cashier's till's words (issue 32, item 5): one place, read by the page and its tests.
 */
export const tillText = {
  title: "Till",
  lead: "Type the amount in KES and start the sale. Your customer scans the code and pays in the coin they choose, or you send an M-Pesa prompt to their phone.",
  amountLabel: "Amount (KES)",
  noteLabel: "Note (optional)",
  noteHint: "Shown to the customer as the payment's reference, such as a table or order number.",
  startSale: "Start sale",
  starting: "Starting...",
  amountHeading: "Amount",
  qrLabel: "QR code of the checkout link",
  qrCaption:
    "The customer scans this with their phone camera and pays in the coin they choose at checkout.",
  checkoutLink: "Checkout link",
  mpesaTitle: "M-Pesa prompt",
  mpesaPhoneLabel: "Customer's M-Pesa number",
  mpesaPhoneHint: "A Safaricom number. The customer confirms with their M-Pesa PIN on the phone.",
  sendPrompt: "Send M-Pesa prompt",
  sendingPrompt: "Sending...",
  /** "Prompt sent to +254 712 *** 678 for KES 2,500…". */
  promptOut: (phone: string, amount: string) =>
    `Prompt sent to ${phone} for ${amount}: the customer enters their M-Pesa PIN on their phone.`,
  checkAgain: "Check again",
  cancelSale: "Cancel sale",
  canceling: "Canceling...",
  nextSale: "Next sale",
  paymentDetails: "Payment details",
  recentTitle: "Today's sales",
  recentEmpty: "No sales yet today. Your sales of the day appear here.",
  recentCurrent: "(this sale)",
  cannotCreate: "Cannot create payment",
  saleCanceled: "Sale canceled",
  saleCanceledDescription: "Nothing was paid. Start the next sale when you are ready.",
  cannotCancel: "Cannot cancel",
  cannotCancelDescription: "This sale is no longer waiting for payment: see how it stands.",
} as const;

/**
 * Each state of a sale at the counter (core/payments/till-schema.ts maps the payment statuses onto
 * them) and what it says there: a title (large) and one sentence.
 */
export const tillStateText = {
  waiting: {
    title: "Waiting for payment",
    body: "Show the customer the QR code, or send an M-Pesa prompt to their phone. This page updates when they pay (or press Check again).",
  },
  confirming: {
    title: "Payment arriving",
    body: "The customer's payment has arrived and is being confirmed. Wait for Paid before you hand over.",
  },
  paid: {
    title: "Paid",
    body: "The payment is confirmed: you can hand over the goods.",
  },
  expired: {
    title: "Expired",
    body: "The customer did not pay in time. Start a new sale if they still want to pay.",
  },
  canceled: {
    title: "Canceled",
    body: "This sale was canceled; nothing was paid.",
  },
  underpaid: {
    title: "Underpaid",
    body: "The customer sent less than the amount. Do not hand over the goods: our team will sort out the money received.",
  },
  attention: {
    title: "Needs attention",
    body: "This payment needs our team's review before it counts as paid. Do not hand over the goods yet.",
  },
} as const satisfies Record<string, { title: string; body: string }>;
