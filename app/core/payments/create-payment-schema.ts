/** The merchant's "Create Payment" form (client and server). */
import { z } from "zod";
import { assetNetworks, isNetworkId, networkLabel, type NetworkId } from "~/core/networks/networks";
import { OPENING_COIN, paymentAssets } from "./coin-choice";

export { paymentAssets };

/** The form's value for "Customer chooses" (a payment in KES only). */
export const CUSTOMER_CHOOSES = "any";

/** What the form says when a field is wrong (a page passes its language's; the API, English). */
export interface CreatePaymentErrors {
  amountRequired: string;
  wholeShillings: string;
  chooseAsset: string;
  referenceRequired: string;
  referenceTooLong: (max: number) => string;
  descriptionTooLong: (max: number) => string;
  networkWhenCustomerChooses: string;
  networkNotForAsset: (asset: string, networks: string) => string;
}

export const createPaymentErrors: CreatePaymentErrors = {
  amountRequired: "Enter the amount in KES",
  wholeShillings: "Enter a whole number of shillings, without commas or decimals",
  chooseAsset: "Choose what the customer pays with",
  referenceRequired: "Enter your reference, such as an order number",
  referenceTooLong: (max: number) => `Keep the reference under ${max} characters`,
  descriptionTooLong: (max: number) => `Keep the description under ${max} characters`,
  networkWhenCustomerChooses: "Leave the network empty when the customer chooses the coin",
  networkNotForAsset: (asset: string, networks: string) =>
    `${asset} is paid on ${networks}: choose one of them, or let the customer choose`,
};

/** The amount in whole shillings, as typed (the till asks for it the same way). */
export const amountKesFieldFor = (
  m: Pick<CreatePaymentErrors, "amountRequired" | "wholeShillings">,
) =>
  z
    .string({ required_error: m.amountRequired })
    .trim()
    .regex(/^\d{1,7}$/, m.wholeShillings)
    .transform(Number);

export const amountKesField = amountKesFieldFor(createPaymentErrors);

/** The form, saying `m`'s messages; `or` joins the networks an asset is paid on. */
export const createPaymentSchemaFor = (m: CreatePaymentErrors, or = "or") =>
  z
    .object({
      intent: z.enum(["review", "create"]).default("review"),
      amountKes: amountKesFieldFor(m),
      /** A coin, or CUSTOMER_CHOOSES: in KES only, and the customer picks the coin. */
      asset: z.enum([...paymentAssets, CUSTOMER_CHOOSES], {
        errorMap: () => ({ message: m.chooseAsset }),
      }),
      reference: z
        .string({ required_error: m.referenceRequired })
        .trim()
        .min(1, m.referenceRequired)
        .max(64, m.referenceTooLong(64)),
      description: z.string().trim().max(200, m.descriptionTooLong(200)).optional(),
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
          message: m.networkWhenCustomerChooses,
        });
        return;
      }
      const asset = value.asset;
      const allowed = assetNetworks[asset];
      if (!isNetworkId(value.network) || !(allowed as readonly string[]).includes(value.network))
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["network"],
          message: m.networkNotForAsset(
            asset,
            allowed.map((id) => networkLabel(id, asset)).join(` ${or} `),
          ),
        });
    })
    .transform(({ asset, ...value }) => ({
      ...value,
      // In KES only: it opens in OPENING_COIN; the customer may choose another at checkout.
      asset: asset === CUSTOMER_CHOOSES ? OPENING_COIN : asset,
      customerChoosesCoin: asset === CUSTOMER_CHOOSES,
      network: value.network as NetworkId | undefined,
    }));

export const createPaymentSchema = createPaymentSchemaFor(createPaymentErrors);
