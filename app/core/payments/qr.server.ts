/** QR module rows for an address or payment URI (rendered by components/payments/QrCode). */
import QRCode from "qrcode";

export function qrRows(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const rows: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    let row = "";
    for (let x = 0; x < modules.size; x++) row += modules.get(x, y) ? "1" : "0";
    rows.push(row);
  }
  return rows;
}
