/** Shape of the long-form documents (terms, privacy, compliance, disclaimer, tariff notes). */

export type Block =
  | { kind: "p"; text: string }
  | { kind: "ul"; items: readonly string[] }
  | { kind: "ol"; items: readonly string[] }
  | {
      kind: "table";
      caption: string;
      head: readonly string[];
      rows: readonly (readonly string[])[];
    }
  | { kind: "h3"; text: string };

export interface LegalSection {
  /** Anchor id, e.g. "fees". */
  id: string;
  /** Heading without a number: the renderer numbers sections. */
  title: string;
  blocks: readonly Block[];
}

export interface LegalDocument {
  title: string;
  /** Meta description (one sentence). */
  description: string;
  path: string;
  /** ISO date ("2021-05-01"), shown as "Effective 1 May 2021" (`formatDate`). */
  effective?: string;
  /** Free text, e.g. "March 2024". */
  lastUpdated?: string;
  intro: readonly Block[];
  sections: readonly LegalSection[];
}
