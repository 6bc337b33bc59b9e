/**
 * An article body in our text format, rendered as React elements: headings, paragraphs, lists.
 * Never HTML.
 */
import { parseBody } from "~/core/news/body";

export function ArticleBody({ body }: { body: string }) {
  const blocks = parseBody(body);
  return (
    <div className="space-y-5 text-lg leading-relaxed text-slate-800">
      {blocks.map((block, index) => {
        const key = `${block.kind}-${index}`;
        switch (block.kind) {
          case "heading":
            return block.level === 2 ? (
              <h2 key={key} className="pt-4 text-2xl font-bold tracking-tight text-ink">
                {block.text}
              </h2>
            ) : (
              <h3 key={key} className="pt-2 text-xl font-semibold text-ink">
                {block.text}
              </h3>
            );
          case "bullets":
            return (
              <ul key={key} className="list-disc space-y-2 pl-6">
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            );
          case "numbered":
            return (
              <ol key={key} start={block.start} className="list-decimal space-y-2 pl-6">
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ol>
            );
          default:
            return <p key={key}>{block.text}</p>;
        }
      })}
    </div>
  );
}
