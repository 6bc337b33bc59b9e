/**
 * A QR code drawn on the server (app/utils/qr.server.ts: `qrSvg`): one SVG path of horizontal
 * strokes, no script. Scales to its box; `className` sets the size.
 */
export interface QrSvgData {
  size: number;
  quiet: number;
  path: string;
}

export function QrSvg({
  qr,
  label,
  className = "h-56 w-56",
}: {
  qr: QrSvgData;
  label: string;
  className?: string;
}) {
  const side = qr.size + qr.quiet * 2;
  return (
    <svg
      viewBox={`0 0 ${side} ${side}`}
      className={`bg-white ${className}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={qr.path} stroke="#0f172a" strokeWidth={1} fill="none" />
    </svg>
  );
}
