/**
 * Share a payment from the merchant's payment page (issue 11, item 8): the checkout link as text
 * (selectable without JavaScript) with a copy button (JavaScript), WhatsApp and SMS links with a
 * prefilled message, and a large QR code of the link for a customer at the counter.
 */
import { QrSvg, type QrSvgData } from "~/components/payments/QrSvg";
import { buttonClass } from "~/components/ui";
import { CopyButton } from "~/components/ui/CopyButton";
import { shareMessage, smsShareHref, whatsappShareHref, type ShareInput } from "./share-links";

export function SharePayment({ share, qr }: { share: ShareInput; qr: QrSvgData }) {
  const message = shareMessage(share);
  return (
    <section
      aria-labelledby="share-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="share-title" className="text-lg font-semibold text-ink">
        Share with your customer
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-[1fr_auto]">
        <div>
          <p className="text-sm font-medium text-slate-600" id="checkout-link-label">
            Checkout link
          </p>
          <p
            className="mt-1 select-all break-all rounded-lg bg-slate-100 p-3 font-mono text-sm text-ink"
            aria-labelledby="checkout-link-label"
          >
            {share.link}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <CopyButton
              text={share.link}
              label="Copy link"
              copiedLabel="Link copied"
              what="Checkout link"
              className={buttonClass("secondary")}
            />
            <a
              className={buttonClass("secondary")}
              href={whatsappShareHref(message)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Share on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a className={buttonClass("secondary")} href={smsShareHref(message)}>
              Send by SMS
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-700">The message reads: &ldquo;{message}&rdquo;</p>
        </div>
        <figure className="flex flex-col items-center">
          <QrSvg
            qr={qr}
            label="QR code of the checkout link"
            className="h-72 w-72 max-w-full rounded-lg ring-1 ring-slate-200"
          />
          <figcaption className="mt-2 max-w-72 text-center text-sm text-slate-700">
            At the counter: the customer scans this with their phone camera to open the checkout.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
