/**
 * A QR code as a compact SVG path, drawn on the server (no script on the page): one horizontal
 * stroke per run of dark modules, so a payment URI's code is a few kilobytes of HTML, not tens.
 * Rendered by `QrSvg` (app/components/payments/QrSvg.tsx).
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
