/**
 * Route parts for a long-form document page. The document travels as loader data, not in the
 * page's JavaScript bundle (the route module imports the content only in its loader):
 *
 *   export const loader = () => terms;
 *   export const headers = publicPageHeaders;
 *   export const meta = legalMeta;
 *   export default LegalPage;
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { LegalDocument } from "~/content/legal/types";
import { seo } from "~/utils/seo";
import { LegalDocumentView } from "./LegalDocumentView";

export const legalMeta: MetaFunction = ({ matches, data }) => {
  const document = data as LegalDocument | undefined;
  if (!document) return [{ title: "OneHop" }];
  return seo(matches, {
    title: document.title,
    description: document.description,
    path: document.path,
  });
};

export function LegalPage() {
  const document = useLoaderData() as LegalDocument;
  return <LegalDocumentView document={document} />;
}
