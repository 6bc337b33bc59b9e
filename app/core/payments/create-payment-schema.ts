/** The merchant's "Create Payment" form (client and server). */
import { z } from "zod";
import { assetNetworks, isNetworkId, networkLabel, type NetworkId } from "~/core/networks/networks";
import { OPENING_COIN, paymentAssets } from "./coin-choice";

export { paymentAssets };

/** The form's value for "Customer chooses" (a payment in KES only). */
export const CUSTOMER_CHOOSES = "any";

/** The amount in whole shillings, as typed (the till asks for it the same way). */
export const amountKesField = z
  .string({ required_error: "Enter the amount in KES" })
  .trim()
  .regex(/^\d{1,7}$/, "Enter a whole number of shillings, without commas or decimals")
  .transform(Number);

export const createPaymentSchema = z
  .object({
    intent: z.enum(["review", "create"]).default("review"),
    amountKes: amountKesField,
    /** A coin, or CUSTOMER_CHOOSES: the payment is in KES only and the customer picks the coin. */
    asset: z.enum([...paymentAssets, CUSTOMER_CHOOSES], {
      errorMap: () => ({ message: "Choose what the customer pays with" }),
    }),
    reference: z
      .string({ required_error: "Enter your reference, such as an order number" })
      .trim()
      .min(1, "Enter your reference, such as an order number")
      .max(64, "Keep the reference under 64 characters"),
    description: z.string().trim().max(200, "Keep the description under 200 characters").optional(),
    /**
     * The network, fixed by the merchant (ADR 0031). Empty: the asset's default network, and the
     * customer may choose another at checkout where the asset has several.
     */
    network: z
      .string()
      .trim()
      .max(20)
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .superRefine((value, context) => {
    if (value.network === undefined) return;
    if (value.asset === CUSTOMER_CHOOSES) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["network"],
        message: "Leave the network empty when the customer chooses the coin",
      });
      return;
    }
    const asset = value.asset;
    const allowed = assetNetworks[asset];
    if (!isNetworkId(value.network) || !(allowed as readonly string[]).includes(value.network))
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["network"],
        message: `${asset} is paid on ${allowed.map((id) => networkLabel(id, asset)).join(" or ")}: choose one of them, or let the customer choose`,
      });
  })
  .transform(({ asset, ...value }) => ({
    ...value,
    // Made in KES only: it opens in OPENING_COIN, and the customer may choose another at checkout.
    asset: asset === CUSTOMER_CHOOSES ? OPENING_COIN : asset,
    customerChoosesCoin: asset === CUSTOMER_CHOOSES,
    network: value.network as NetworkId | undefined,
  }));
