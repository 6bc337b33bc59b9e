/**
 * A QR code as a compact SVG path, drawn on the server (no script on the page): one horizontal
 * stroke per run of dark modules, so a payment URI's code is a few kilobytes of HTML, not tens.
 * Rendered by `QrSvg` (app/components/payments/QrSvg.tsx).
 *
 * Drawing a code costs about 1 ms of CPU (issue 34: a tenth of a checkout's render), so a payment's
 * code is drawn once and kept (`paymentQrSvg`) while its page is opened again and again; a secret's
 * code (two-factor setup) is drawn each time and never kept.
 */
import QRCode from "qrcode";

export interface QrSvgData {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** Modules of white border on each side (the quiet zone scanners need). */
  quiet: number;
  /** The dark modules: a path of 1-unit-wide horizontal strokes, in module units. */
  path: string;
}

export const QR_QUIET_ZONE = 4;

export function qrSvg(text: string, errorCorrectionLevel: "L" | "M" | "Q" | "H" = "M"): QrSvgData {
  const { modules } = QRCode.create(text, { errorCorrectionLevel });
  const size = modules.size;
  const quiet = QR_QUIET_ZONE;
  let path = "";
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules.get(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules.get(x, y)) x++;
      // The stroke runs along the middle of the row (y + 0.5), one module thick.
      path += `M${start + quiet} ${y + quiet + 0.5}h${x - start}`;
    }
  }
  return { size, quiet, path };
}

/** Payment codes kept (a payment URI, an address or a checkout link: nothing secret). */
const PAYMENT_QR_KEPT = 500;
const paymentCodes = new Map<string, QrSvgData>();

/**
 * A payment's QR code (its wallet URI, deposit address or checkout link), drawn once and kept for
 * the next render of the same page; the oldest of the kept codes gives way first.
 */
export function paymentQrSvg(text: string): QrSvgData {
  const kept = paymentCodes.get(text);
  if (kept) return kept;
  const drawn = qrSvg(text);
  if (paymentCodes.size >= PAYMENT_QR_KEPT) paymentCodes.delete(paymentCodes.keys().next().value!);
  paymentCodes.set(text, drawn);
  return drawn;
}
