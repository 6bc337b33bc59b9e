import { Container } from "~/components/ui";
import type { Block, LegalDocument } from "~/content/legal/types";
import { formatDate } from "~/utils/format";

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

function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <div className="space-y-4 leading-relaxed text-slate-700">
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </div>
  );
}

/** A numbered long-form document with a table of contents. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <article className="py-12 sm:py-16">
      <Container className="max-w-4xl">
        <header className="border-b border-slate-200 pb-8">
          <h1 className="text-4xl font-bold tracking-tight text-ink">{document.title}</h1>
          {document.effective ? (
            <p className="mt-3 text-slate-600">
              Effective <time dateTime={document.effective}>{formatDate(document.effective)}</time>
            </p>
          ) : null}
          {document.lastUpdated ? (
            <p className="mt-3 text-slate-600">Last updated {document.lastUpdated}</p>
          ) : null}
          <div className="mt-6">
            <Blocks blocks={document.intro} />
          </div>
        </header>
        <nav aria-label="Contents" className="my-8 rounded-xl bg-slate-50 p-6">
          <h2 className="text-base font-semibold text-ink">Contents</h2>
          <ol className="mt-3 grid list-decimal gap-1 pl-6 text-brand-800 sm:grid-cols-2">
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
