import { Container } from "~/components/ui";
import type { Block, LegalDocument } from "~/content/legal/types";
import { legalMessages } from "~/i18n/catalogs/legal";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatDate } from "~/utils/format";
import { EnglishOnlyNote, useEnglishText } from "./EnglishOnlyNote";

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case "p":
      return <p>{block.text}</p>;
    case "h3":
      return <h3 className="text-lg font-semibold text-ink">{block.text}</h3>;
    case "ul":
      return (
        <ul className="list-disc space-y-1 pl-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "ol":
      return (
        <ol className="list-decimal space-y-1 pl-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case "table":
      return (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left font-semibold text-ink">{block.caption}</caption>
            <thead>
              <tr>
                {block.head.map((cell) => (
                  <th
                    key={cell}
                    scope="col"
                    className="border-b border-slate-300 px-3 py-2 font-semibold"
                  >
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex} className="border-b border-slate-200">
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row" className="px-3 py-2 font-medium">
                        {cell}
                      </th>
                    ) : (
                      <td key={cellIndex} className="px-3 py-2">
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
}

function Blocks({ blocks, lang }: { blocks: readonly Block[]; lang?: string }) {
  return (
    <div lang={lang} className="space-y-4 leading-relaxed text-slate-700">
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </div>
  );
}

/**
 * A numbered long-form document with a table of contents. The documents are in English only: in
 * Kiswahili the page says so at the top, its frame (dates, contents) is in Kiswahili and the
 * document's own text is marked `lang="en"`.
 */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const locale = useLocale();
  const m = useMessages(legalMessages);
  const english = useEnglishText();
  return (
    <article className="py-12 sm:py-16">
      <Container className="max-w-4xl">
        <EnglishOnlyNote className="mb-8" />
        <header className="border-b border-slate-200 pb-8">
          <h1 lang={english} className="text-4xl font-bold tracking-tight text-ink">
            {document.title}
          </h1>
          {document.effective ? (
            <p className="mt-3 text-slate-600">
              {m.effective}{" "}
              <time dateTime={document.effective}>{formatDate(document.effective, locale)}</time>
            </p>
          ) : null}
          {document.lastUpdated ? (
            <p className="mt-3 text-slate-600">
              {m.lastUpdated} <span lang={english}>{document.lastUpdated}</span>
            </p>
          ) : null}
          <div className="mt-6">
            <Blocks blocks={document.intro} lang={english} />
          </div>
        </header>
        <nav aria-label={m.contents} className="my-8 rounded-xl bg-slate-50 p-6">
          <h2 className="text-base font-semibold text-ink">{m.contents}</h2>
          <ol
            lang={english}
            className="mt-3 grid list-decimal gap-1 pl-6 text-brand-800 sm:grid-cols-2"
          >
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="underline-offset-2 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {document.sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            lang={english}
            className="mt-10"
            aria-labelledby={`${section.id}-title`}
          >
            <h2 id={`${section.id}-title`} className="mb-4 text-2xl font-semibold text-ink">
              {index + 1}. {section.title}
            </h2>
            <Blocks blocks={section.blocks} />
          </section>
        ))}
      </Container>
    </article>
  );
}
