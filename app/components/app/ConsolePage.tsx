import type { ReactNode } from "react";
import { Container } from "~/components/ui";

/** A page of the operator console inside its shell: the page's one h1, then its content. */
export function ConsolePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container className="py-8 lg:py-10">
      <h1 className="text-3xl font-bold text-ink">{title}</h1>
      <div className="mt-6">{children}</div>
    </Container>
  );
}
