/** The merchant's "Create Payment" form (client and server). */
import { z } from "zod";
import { assetNetworks, isNetworkId, networkLabel, type NetworkId } from "~/core/networks/networks";

export const paymentAssets = ["USDT", "USDC", "BTC", "ETH"] as const;

export const createPaymentSchema = z
  .object({
    intent: z.enum(["review", "create"]).default("review"),
    amountKes: z
      .string({ required_error: "Enter the amount in KES" })
      .trim()
      .regex(/^\d{1,7}$/, "Enter a whole number of shillings, without commas or decimals")
      .transform(Number),
    asset: z.enum(paymentAssets, {
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
    const allowed = assetNetworks[value.asset];
    if (!isNetworkId(value.network) || !(allowed as readonly string[]).includes(value.network))
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["network"],
        message: `${value.asset} is paid on ${allowed.map((id) => networkLabel(id, value.asset)).join(" or ")}: choose one of them, or let the customer choose`,
      });
  })
  .transform((value) => ({ ...value, network: value.network as NetworkId | undefined }));
