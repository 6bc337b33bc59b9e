/** The customer's addresses: a payment's checkout, its status and receipt, a payment link. */
/** The customer's checkout page for one payment. */
export const checkout = (id: string) => `/pay/${id}`;
/** The checkout's status as JSON (polled by its script). */
export const checkoutStatus = (id: string) => `/pay/${id}/status`;
/** A paid payment's printable receipt. */
export const checkoutReceipt = (id: string) => `/pay/${id}/receipt`;
/** A merchant's payment link: every visitor gets a fresh checkout. */
export const paymentLink = (id: string) => `/pay/link/${id}`;
