/**
 * Words a line must not break inside (issue 30, item 11): browsers break after a hyphen and at a
 * space, which split "M-Pesa" into "M-" and "Pesa", "Ethereum (ERC-20)" after "ERC-" and
 * "KES 11,664,684.96" after "KES". Each such word is kept on one line; the text itself is
 * unchanged (copying and searching it still find "M-Pesa").
 */
import type { ReactNode } from "react";

const TOGETHER = /(M-Pesa|T-Kash|\b[A-Z]{3}-20\b|-?KES [\d,]+(?:\.\d+)?)/;

export function keepTogether(text: string): ReactNode {
  const parts = text.split(TOGETHER);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
