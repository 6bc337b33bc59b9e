/**
 * "Import now": the list and its file(s), posted as multipart to the page's action. A plain form:
 * it works without JavaScript; the answer is a message and the result on the page.
 */
import { Form } from "@remix-run/react";
import { uploadHint } from "~/content/sanctions-lists";
import { sanctionsSourceLabels, sanctionsSources } from "~/core/compliance/vocabulary";
import { SubmitButton } from "~/components/ui/form";

export interface ImportFormErrors {
  source?: string;
  file?: string;
}

export function ImportForm({ errors }: { errors?: ImportFormErrors }) {
  return (
    <section
      aria-labelledby="import-heading"
      className="mt-10 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="import-heading" className="text-2xl font-semibold text-ink">
        Import now
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        Upload a list as its publisher distributes it. It is checked like the daily fetch: a file
        that cannot be read, or that is much smaller than the active snapshot, is rejected.
      </p>
      <Form method="post" encType="multipart/form-data" className="mt-4 space-y-4">
        <div>
          <label htmlFor="import-source" className="block text-sm font-medium text-slate-800">
            List
          </label>
          <select
            id="import-source"
            name="source"
            required
            aria-invalid={errors?.source ? true : undefined}
            aria-describedby={errors?.source ? "import-source-error" : undefined}
            className="mt-1 block w-full max-w-xl rounded-lg border border-slate-400 bg-white px-3 py-2"
          >
            <option value="">Choose a list</option>
            {sanctionsSources.map((source) => (
              <option key={source} value={source}>
                {sanctionsSourceLabels[source]}
              </option>
            ))}
          </select>
          {errors?.source ? (
            <p id="import-source-error" className="mt-1 text-sm text-red-800">
              {errors.source}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="import-file" className="block text-sm font-medium text-slate-800">
            File
          </label>
          <p id="import-file-hint" className="text-sm text-slate-700">
            {uploadHint}
          </p>
          <input
            id="import-file"
            name="file"
            type="file"
            multiple
            required
            accept=".xml,.csv,text/xml,application/xml,text/csv"
            aria-invalid={errors?.file ? true : undefined}
            aria-describedby={
              errors?.file ? "import-file-hint import-file-error" : "import-file-hint"
            }
            className="mt-1 block w-full max-w-xl rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-900 aria-[invalid=true]:border-red-700"
          />
          {errors?.file ? (
            <p id="import-file-error" className="mt-1 text-sm text-red-800">
              {errors.file}
            </p>
          ) : null}
        </div>
        <SubmitButton pendingLabel="Importing…">Import</SubmitButton>
      </Form>
    </section>
  );
}
