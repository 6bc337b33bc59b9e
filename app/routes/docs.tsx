/**
 * The API documentation (issue 13, item 5): the public layout with a side navigation; each page
 * under /docs draws its own <h1>. Server-rendered, readable without JavaScript.
 */
import { Outlet } from "@remix-run/react";
import { DocsNav } from "~/components/docs/DocsBits";
import { Container } from "~/components/ui";
import { publicPageHeaders } from "~/utils/http";

export const headers = publicPageHeaders;

export default function DocsLayout() {
  return (
    <Container className="py-10 lg:py-14">
      <div className="grid gap-10 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <DocsNav />
        <Outlet />
      </div>
    </Container>
  );
}
