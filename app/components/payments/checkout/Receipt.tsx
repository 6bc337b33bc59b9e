/**
 * A paid payment's receipt (issue 30, item 3): on the checkout in place of "Pay …", and on its
 * printable page. Server HTML only; the links work without JavaScript.
 */
import { buttonClass } from "~/components/ui";
import type { Receipt } from "~/core/payments/receipt";
import { checkoutMessages } from "~/i18n/catalogs/checkout";
import { receiptMessages } from "~/i18n/catalogs/receipt";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatEatDateTime, formatEatIso, formatKesCents } from "~/utils/format";

const label = "text-sm font-medium text-slate-600";

/** "0x9f3b…c2d1": a transaction hash shortened for the eye (the link carries it whole). */
const shortHash = (hash: string) =>
  hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;

function PaidWith({ paidWith }: { paidWith: Receipt["paidWith"] }) {
  const m = useMessages(receiptMessages);
  if (paidWith.method === "mpesa")
    return (
      <>
        <dd className="mt-1 font-medium text-ink">M-Pesa</dd>
        {paidWith.receipt ? (
          <dd className="text-slate-800">
            {m.mpesaReceipt} <span className="font-mono font-semibold">{paidWith.receipt}</span>
          </dd>
        ) : null}
      </>
    );
  return (
    <>
      <dd className="mt-1 font-medium text-ink">
        {paidWith.amount} <span className="whitespace-nowrap">{m.onNetwork(paidWith.network)}</span>
      </dd>
      {paidWith.txHash ? (
        <dd className="text-slate-800">
          {paidWith.txUrl ? (
            <a
              href={paidWith.txUrl}
              className="font-semibold text-brand-800 underline"
              rel="noopener noreferrer"
              target="_blank"
            >
              {m.transactionLink(shortHash(paidWith.txHash))}
              <span className="sr-only">{m.onExplorer}</span>
            </a>
          ) : (
            <span className="break-all font-mono">{paidWith.txHash}</span>
          )}
        </dd>
      ) : null}
    </>
  );
}

/** The receipt's details: who was paid, the reference, the amount, how and when. */
export function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  const m = useMessages(receiptMessages);
  const locale = useLocale();
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div>
        <dt className={label}>{m.paidTo}</dt>
        <dd className="mt-1 font-medium text-ink">{receipt.businessName}</dd>
      </div>
      <div>
        <dt className={label}>{m.reference}</dt>
        <dd className="mt-1 break-words font-medium text-ink">{receipt.reference}</dd>
        {receipt.description ? (
          <dd className="break-words text-slate-800">{receipt.description}</dd>
        ) : null}
      </div>
      <div>
        <dt className={label}>{m.amount}</dt>
        <dd className="mt-1 whitespace-nowrap text-xl font-bold text-ink">
          {formatKesCents(receipt.amountKesCents)}
        </dd>
      </div>
      <div>
        <dt className={label}>{m.paidWith}</dt>
        <PaidWith paidWith={receipt.paidWith} />
      </div>
      <div>
        <dt className={label}>{m.date}</dt>
        <dd className="mt-1 font-medium text-ink">
          <time dateTime={formatEatIso(receipt.paidAt)}>
            {formatEatDateTime(receipt.paidAt, locale)}
          </time>
        </dd>
      </div>
      <div>
        <dt className={label}>{m.paymentId}</dt>
        <dd className="mt-1 break-all font-mono text-ink">{receipt.paymentId}</dd>
      </div>
    </dl>
  );
}

/** The checkout's paid state: the receipt, a printable version and "Share on WhatsApp". */
export function CheckoutReceipt({
  receipt,
  printHref,
  whatsappHref,
}: {
  receipt: Receipt;
  printHref: string;
  whatsappHref: string;
}) {
  const words = useMessages(checkoutMessages);
  const m = useMessages(receiptMessages);
  return (
    <section
      aria-labelledby="receipt-title"
      className="mt-6 rounded-2xl border border-emerald-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div role="status" className="rounded-xl bg-emerald-50 p-4 text-emerald-900">
        <h2 id="receipt-title" className="text-lg font-semibold">
          {m.title}
        </h2>
        <p className="mt-1">{m.thanks}</p>
      </div>
      <div className="mt-5">
        <ReceiptDetails receipt={receipt} />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href={printHref} className={buttonClass("secondary")}>
          {m.printable}
        </a>
        <a
          href={whatsappHref}
          className={buttonClass("secondary")}
          target="_blank"
          rel="noopener noreferrer"
        >
          {m.shareWhatsApp}
          <span className="sr-only">{words.opensInNewTab}</span>
        </a>
      </div>
    </section>
  );
}
