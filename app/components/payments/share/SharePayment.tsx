/**
 * Share a payment from the merchant's payment page (issue 11, item 8): the checkout link as text
 * (selectable without JavaScript) with a copy button (JavaScript), WhatsApp and SMS links with a
 * prefilled message, and a large QR code of the link for a customer at the counter.
 */
import { QrSvg, type QrSvgData } from "~/components/payments/QrSvg";
import { buttonClass } from "~/components/ui";
import { CopyButton } from "~/components/ui/CopyButton";
import { sharePaymentMessages } from "~/i18n/catalogs/share-payment";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { shareMessage, smsShareHref, whatsappShareHref, type ShareInput } from "./share-links";

export function SharePayment({ share, qr }: { share: ShareInput; qr: QrSvgData }) {
  const locale = useLocale();
  const m = useMessages(sharePaymentMessages);
  const message = shareMessage(share, locale);
  return (
    <section
      aria-labelledby="share-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="share-title" className="text-lg font-semibold text-ink">
        {m.title}
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-[1fr_auto]">
        <div>
          <p className="text-sm font-medium text-slate-600" id="checkout-link-label">
            {m.checkoutLink}
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
              label={m.copyLink}
              copiedLabel={m.linkCopied}
              what={m.checkoutLink}
              className={buttonClass("secondary")}
            />
            <a
              className={buttonClass("secondary")}
              href={whatsappShareHref(message)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {m.whatsapp}
              <span className="sr-only">{m.opensInNewTab}</span>
            </a>
            <a className={buttonClass("secondary")} href={smsShareHref(message)}>
              {m.sms}
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-700">
            {m.messageReads} &ldquo;{message}&rdquo;
          </p>
        </div>
        <figure className="flex flex-col items-center">
          <QrSvg
            qr={qr}
            label={m.qrLabel}
            className="h-72 w-72 max-w-full rounded-lg ring-1 ring-slate-200"
          />
          <figcaption className="mt-2 max-w-72 text-center text-sm text-slate-700">
            {m.atTheCounter}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
