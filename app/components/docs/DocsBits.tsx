/**
 * What every documentation page shares: the side navigation (a list of links, the current page
 * marked with aria-current), the page's title block, sections with linkable headings, inline code
 * and text with `backtick` code spans (the OpenAPI descriptions use them).
 */
import { NavLink, useRouteLoaderData } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { cx } from "~/components/ui";
import { docsNav } from "~/content/docs/navigation";
import * as paths from "~/utils/paths";

export const docsLinkClass =
  "font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900";

export function DocsNav() {
  return (
    <nav aria-label="Documentation" className="lg:sticky lg:top-24 lg:self-start">
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-700">API docs</p>
      <ul className="mt-3 space-y-1">
        {docsNav.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              className={({ isActive }) =>
                cx(
                  "block rounded-md px-3 py-2 text-sm font-medium",
                  isActive
                    ? "bg-brand-50 text-brand-900 underline underline-offset-4"
                    : "text-slate-800 hover:bg-slate-100",
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          {/* Not a page of this app: a plain link, never a client-side navigation. */}
          <a
            href={paths.openApiDocument}
            className="block rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
          >
            OpenAPI document (JSON)
          </a>
        </li>
      </ul>
    </nav>
  );
}

export function DocsPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="min-w-0">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-4 max-w-3xl text-lg text-slate-700">{lead}</p> : null}
      <div className="mt-8 space-y-12">{children}</div>
    </article>
  );
}

export function DocsSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-4 max-w-3xl space-y-4 text-slate-800">{children}</div>
    </section>
  );
}

export function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-900">
      {children}
    </code>
  );
}

/**
 * Text with `code spans` (as in the OpenAPI descriptions), paragraphs split on blank lines;
 * `inline` draws spans instead of paragraphs (inside a line of text).
 */
export function RichText({
  text,
  className,
  inline = false,
}: {
  text: string;
  className?: string;
  inline?: boolean;
}) {
  if (!text) return null;
  const Block = inline ? "span" : "p";
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <Block key={index} className={className}>
          {paragraph
            .split("`")
            .map((part, partIndex) =>
              partIndex % 2 === 1 ? (
                <Code key={partIndex}>{part}</Code>
              ) : (
                <Fragment key={partIndex}>{part}</Fragment>
              ),
            )}
        </Block>
      ))}
    </>
  );
}

/** A simple table with a caption (for statuses, headers, events). */
export function DocsTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {head.map((cell) => (
              <th key={cell} scope="col" className="py-2 pr-4 font-semibold text-ink">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className="border-b border-slate-200 align-top">
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={cellIndex} scope="row" className="py-2 pr-4 font-medium text-ink">
                    {cell}
                  </th>
                ) : (
                  <td key={cellIndex} className="py-2 pr-4 text-slate-800">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The site's public address (configuration, through the root loader): `https://onehop.co.ke`. */
export function useSiteOrigin(): string {
  const root = useRouteLoaderData("root") as { ENV?: { PUBLIC_SITE_URL?: string } } | undefined;
  return (root?.ENV?.PUBLIC_SITE_URL ?? "http://localhost:3000").replace(/\/$/, "");
}
