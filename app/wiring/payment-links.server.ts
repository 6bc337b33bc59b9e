/**
 * Payment links on the process's store (ADR 0041): the merchant's list, creating and turning links
 * on and off, the public page and the payments its visitors open (through the payments service).
 */
import type { Store } from "~/db/store";
import {
  createPaymentLink,
  listPaymentLinks,
  openPaymentFromLink,
  publicPaymentLink,
  setPaymentLinkActive,
  type OpenLinkInput,
} from "~/core/payments/links.server";
import { payments } from "./payments.server";
import { bindStore, store } from "./store.server";

export function paymentLinks() {
  return bindStore(store(), {
    create: createPaymentLink,
    list: listPaymentLinks,
    setActive: setPaymentLinkActive,
    publicLink: publicPaymentLink,
    open: (on: Store, input: OpenLinkInput) => openPaymentFromLink(on, payments(), input),
  });
}
