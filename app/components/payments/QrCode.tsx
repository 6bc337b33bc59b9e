/**
 * A QR code drawn from its module rows ("0101…", computed on the server): one SVG path, no script.
 */
export function QrCode({ rows, label }: { rows: readonly string[]; label: string }) {
  const size = rows.length;
  const quiet = 4;
  let path = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++)
      if (row[x] === "1") path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  });
  return (
    <svg
      viewBox={`0 0 ${size + quiet * 2} ${size + quiet * 2}`}
      className="h-56 w-56 bg-white"
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width="100%" height="100%" fill="#ffffff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
