/**
 * The API documentation (issue 13, item 5): the public layout with a side navigation; each page
 * under /docs draws its own <h1>. Server-rendered, readable without JavaScript.
 */
import { Outlet } from "@remix-run/react";
import { DocsNav } from "~/components/docs/DocsBits";
import { EnglishOnlyNote, useEnglishText } from "~/components/legal/EnglishOnlyNote";
import { Container } from "~/components/ui";
import { publicPageHeaders } from "~/utils/http";

export const headers = publicPageHeaders;

/** The developers' documentation stays in English (ADR 0064): a Kiswahili reader is told so. */
export default function DocsLayout() {
  return (
    <Container className="py-10 lg:py-14">
      <EnglishOnlyNote className="mb-8" />
      <div className="grid gap-10 lg:grid-cols-[13rem_minmax(0,1fr)]" lang={useEnglishText()}>
        <DocsNav />
        <Outlet />
      </div>
    </Container>
  );
}
