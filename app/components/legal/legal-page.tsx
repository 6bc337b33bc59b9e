/** Route exports for a long-form document page: `export const { headers, meta, Page } = legalPage(terms);` */
import type { MetaFunction } from "@remix-run/node";
import type { LegalDocument } from "~/content/legal/types";
import { publicPageHeaders } from "~/utils/http";
import { seo } from "~/utils/seo";
import { LegalDocumentView } from "./LegalDocumentView";

export function legalPage(document: LegalDocument) {
  const meta: MetaFunction = ({ matches }) =>
    seo(matches, { title: document.title, description: document.description, path: document.path });
  function Page() {
    return <LegalDocumentView document={document} />;
  }
  return { headers: publicPageHeaders, meta, Page };
}
