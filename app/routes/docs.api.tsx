/**
 * /docs/api: the API reference, generated at request time from the OpenAPI document the API
 * serves (app/api/openapi.server.ts, itself generated from the route table and the zod schemas the
 * handlers validate with). Each operation's section is anchored at its operationId.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { openApiJson } from "~/api/openapi.server";
import { API_PREFIX, apiRoutes } from "~/api/routes.server";
import { CodeBlock } from "~/components/docs/CodeBlock";
import { Code, DocsPage, docsLinkClass, RichText } from "~/components/docs/DocsBits";
import {
  buildApiReference,
  type OpenApiDocumentLike,
  type ReferenceField,
  type ReferenceOperation,
} from "~/components/docs/reference";
import { cx } from "~/components/ui";
import { env } from "~/utils/env.server";
import { publicPageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "API reference | API documentation",
    description:
      "Every endpoint of the OneHop API v1: parameters, request fields, responses and examples in curl, Node and Python.",
    path: paths.docsReference,
  });

export function loader() {
  const document = JSON.parse(openApiJson()) as OpenApiDocumentLike;
  const examples = Object.fromEntries(
    apiRoutes
      .filter((route) => route.doc.example !== undefined)
      .map((route) => [route.doc.operationId, route.doc.example]),
  );
  return buildApiReference(document, {
    baseUrl: `${env.PUBLIC_SITE_URL.replace(/\/$/, "")}${API_PREFIX}`,
    examples,
  });
}

const tagId = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

const methodTone: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  DELETE: "bg-red-100 text-red-900",
};

function Method({ method }: { method: string }) {
  return (
    <span
      className={cx(
        "inline-block rounded px-2 py-0.5 font-mono text-xs font-bold",
        methodTone[method] ?? "bg-slate-100 text-slate-900",
      )}
    >
      {method}
    </span>
  );
}

function TypeCell({ field }: { field: ReferenceField }) {
  return field.ref ? (
    <a href={`#object-${field.ref}`} className={docsLinkClass}>
      {field.type}
    </a>
  ) : (
    <span>{field.type}</span>
  );
}

function FieldTable({
  caption,
  fields,
  showRequired = true,
}: {
  caption: string;
  fields: ReferenceField[];
  showRequired?: boolean;
}) {
  return (
    // A wide object scrolls sideways on a narrow screen: the scroll box is a named region keyboard
    // users can focus and scroll (axe: scrollable-region-focusable).
    <div
      className="mt-3 overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-700"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4 font-semibold text-ink">
              Name
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold text-ink">
              Type
            </th>
            {showRequired ? (
              <th scope="col" className="py-2 pr-4 font-semibold text-ink">
                Required
              </th>
            ) : null}
            <th scope="col" className="py-2 pr-4 font-semibold text-ink">
              Description
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} className="border-b border-slate-200 align-top">
              <th scope="row" className="py-2 pr-4 font-normal">
                <Code>{field.name}</Code>
              </th>
              <td className="py-2 pr-4 text-slate-800">
                <TypeCell field={field} />
              </td>
              {showRequired ? (
                <td className="py-2 pr-4 text-slate-800">
                  {field.required ? "required" : "optional"}
                </td>
              ) : null}
              <td className="space-y-1 py-2 pr-4 text-slate-800">
                <RichText text={field.description} />
                {field.constraints ? <p className="text-slate-700">{field.constraints}</p> : null}
                {field.example ? (
                  <p className="text-slate-700">
                    Example: <Code>{field.example}</Code>
                  </p>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Operation({ operation }: { operation: ReferenceOperation }) {
  const id = operation.operationId;
  const parameterGroups = [
    { title: "Path parameters", fields: operation.pathParameters },
    { title: "Query parameters", fields: operation.queryParameters },
    { title: "Headers", fields: operation.headerParameters },
  ].filter((group) => group.fields.length > 0);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-24 border-t border-slate-200 pt-8"
    >
      <h3 id={`${id}-heading`} className="text-xl font-semibold text-ink">
        {operation.summary}
      </h3>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <Method method={operation.method} />
        <Code>
          {paths.apiBase}
          {operation.path}
        </Code>
        {operation.scope ? (
          <span className="text-sm text-slate-700">
            Scope: <Code>{operation.scope}</Code>
          </span>
        ) : null}
        <span className="text-sm text-slate-700">
          Operation id: <Code>{id}</Code>
        </span>
      </p>
      <div className="mt-3 max-w-3xl space-y-3 text-slate-800">
        <RichText text={operation.description} />
      </div>

      {parameterGroups.map((group) => (
        <div key={group.title} className="mt-6">
          <h4 className="font-semibold text-ink">{group.title}</h4>
          <FieldTable caption={`${operation.summary}: ${group.title}`} fields={group.fields} />
        </div>
      ))}

      {operation.body ? (
        <div className="mt-6">
          <h4 className="font-semibold text-ink">
            Request body (JSON
            {operation.body.schema ? (
              <>
                ,{" "}
                <a href={`#object-${operation.body.schema}`} className={docsLinkClass}>
                  {operation.body.schema}
                </a>
              </>
            ) : null}
            )
          </h4>
          <p className="mt-1 text-sm text-slate-700">Unknown fields are refused.</p>
          <FieldTable
            caption={`${operation.summary}: request body`}
            fields={operation.body.fields}
          />
        </div>
      ) : null}

      <div className="mt-6">
        <h4 className="font-semibold text-ink">Responses</h4>
        <ul className="mt-3 space-y-2 text-sm">
          {operation.responses.map((response) => (
            <li key={response.status} className="flex gap-3">
              <span
                className={cx(
                  "w-12 shrink-0 font-mono font-bold",
                  response.status.startsWith("2") ? "text-emerald-800" : "text-slate-800",
                )}
              >
                {response.status}
              </span>
              <span className="text-slate-800">
                {response.schema ? (
                  <>
                    <a href={`#object-${response.schema}`} className={docsLinkClass}>
                      {response.schema}
                    </a>
                    {". "}
                  </>
                ) : null}
                <RichText text={response.description} inline />
              </span>
            </li>
          ))}
        </ul>
      </div>

      <div className="mt-6">
        <h4 className="font-semibold text-ink">Examples</h4>
        <CodeBlock caption="curl" code={operation.examples.curl} />
        <CodeBlock caption="Node (fetch)" code={operation.examples.node} />
        <CodeBlock caption="Python (requests)" code={operation.examples.python} />
      </div>
    </section>
  );
}

export default function DocsReference() {
  const reference = useLoaderData<typeof loader>();
  return (
    <DocsPage
      title="API reference"
      lead={
        <>
          {reference.title} {reference.version}, base URL <Code>{reference.baseUrl}</Code>. This
          page is generated from the{" "}
          <a href={paths.openApiDocument} className={docsLinkClass}>
            OpenAPI document
          </a>
          , itself generated from the schemas the API validates requests with.
        </>
      }
    >
      {reference.authentication.length ? (
        <div className="max-w-3xl space-y-2 text-slate-800">
          {reference.authentication.map((line) => (
            <RichText key={line} text={`Authentication: ${line}`} />
          ))}
        </div>
      ) : null}
      <nav aria-labelledby="contents-heading">
        <h2 id="contents-heading" className="text-2xl font-semibold text-ink">
          Contents
        </h2>
        <ul className="mt-4 grid gap-6 sm:grid-cols-2">
          {reference.groups.map((group) => (
            <li key={group.tag}>
              <p className="font-semibold text-ink">{group.tag}</p>
              <ul className="mt-2 space-y-1 text-sm">
                {group.operations.map((operation) => (
                  <li key={operation.operationId} className="flex items-center gap-2">
                    <Method method={operation.method} />
                    <a href={`#${operation.operationId}`} className={docsLinkClass}>
                      {operation.summary}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li>
            <p className="font-semibold text-ink">Objects</p>
            <ul className="mt-2 space-y-1 text-sm">
              {reference.objects.map((object) => (
                <li key={object.name}>
                  <a href={`#object-${object.name}`} className={docsLinkClass}>
                    {object.name}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        </ul>
      </nav>

      {reference.groups.map((group) => (
        <section key={group.tag} aria-labelledby={tagId(group.tag)} className="space-y-8">
          <h2 id={tagId(group.tag)} className="text-2xl font-semibold text-ink">
            {group.tag}
          </h2>
          {group.operations.map((operation) => (
            <Operation key={operation.operationId} operation={operation} />
          ))}
        </section>
      ))}

      <section aria-labelledby="objects-heading" className="space-y-8">
        <h2 id="objects-heading" className="text-2xl font-semibold text-ink">
          Objects
        </h2>
        {reference.objects.map((object) => (
          <section
            key={object.name}
            id={`object-${object.name}`}
            aria-labelledby={`object-${object.name}-heading`}
            className="scroll-mt-24 border-t border-slate-200 pt-8"
          >
            <h3 id={`object-${object.name}-heading`} className="text-xl font-semibold text-ink">
              {object.name}
            </h3>
            <div className="mt-2 max-w-3xl text-slate-800">
              <RichText text={object.description} />
            </div>
            <FieldTable caption={`${object.name} fields`} fields={object.fields} />
          </section>
        ))}
      </section>
    </DocsPage>
  );
}
