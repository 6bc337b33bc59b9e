import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { QR_QUIET_ZONE, paymentQrSvg, qrSvg, type QrSvgData } from "./qr.server";

/** The dark modules the path draws, read back from its strokes. */
function drawn(data: QrSvgData): Set<string> {
  const dark = new Set<string>();
  for (const [, x, y, length] of data.path.matchAll(/M(\d+) (\d+)\.5h(\d+)/g)) {
    for (let i = 0; i < Number(length); i++)
      dark.add(`${Number(x) - data.quiet + i},${Number(y) - data.quiet}`);
  }
  return dark;
}

const URI =
  "ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=19290000";

describe("server-drawn QR codes", () => {
  it("draws exactly the dark modules of the QR code of the text", () => {
    const data = qrSvg(URI);
    const { modules } = QRCode.create(URI, { errorCorrectionLevel: "M" });
    expect(data.size).toBe(modules.size);
    expect(data.quiet).toBe(QR_QUIET_ZONE);
    const expected = new Set<string>();
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) expected.add(`${x},${y}`);
    expect(drawn(data)).toEqual(expected);
  });

  it("has the three finder squares a scanner looks for", () => {
    const data = qrSvg("https://onehop.example/pay/pay_abcdefghjkmn");
    const dark = drawn(data);
    const last = data.size - 7;
    for (const [ox, oy] of [
      [0, 0],
      [last, 0],
      [0, last],
    ] as const) {
      // The outer ring of each 7x7 finder is dark, the ring inside it light, the 3x3 centre dark.
      for (let i = 0; i < 7; i++) {
        expect(dark.has(`${ox + i},${oy}`)).toBe(true);
        expect(dark.has(`${ox},${oy + i}`)).toBe(true);
      }
      expect(dark.has(`${ox + 1},${oy + 1}`)).toBe(false);
      expect(dark.has(`${ox + 3},${oy + 3}`)).toBe(true);
    }
  });

  it("draws runs of modules as one stroke each (a compact path)", () => {
    const data = qrSvg(URI);
    const strokes = data.path.match(/M/g)?.length ?? 0;
    // Fewer strokes than dark modules: neighbouring modules in a row share one stroke.
    expect(strokes).toBeLessThan(drawn(data).size / 1.5);
    expect(data.path).toMatch(/^(M\d+ \d+\.5h\d+)+$/);
  });

  it("keeps a payment's code for its next page: the same drawing, each text its own", () => {
    const first = paymentQrSvg(URI);
    expect(first).toEqual(qrSvg(URI));
    expect(paymentQrSvg(URI)).toBe(first);
    const other = paymentQrSvg("https://onehop.example/pay/pay_abcdefghjkmn");
    expect(other).not.toBe(first);
    expect(other).toEqual(qrSvg("https://onehop.example/pay/pay_abcdefghjkmn"));
  });

  it("keeps at most 500 payment codes, the oldest giving way first", () => {
    const first = paymentQrSvg("bc1q-first-of-many");
    for (let i = 0; i < 500; i++) paymentQrSvg(`bc1q-filler-${i}`);
    expect(paymentQrSvg("bc1q-first-of-many")).not.toBe(first);
    expect(paymentQrSvg("bc1q-first-of-many")).toEqual(first);
  });
});
