import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { textLinkClass } from "~/components/ui";
import {
  CheckboxField,
  fieldMeta,
  FieldError,
  SubmitButton,
  TextField,
} from "~/components/ui/form";
import { PAYOUT_CSV_MAX_BYTES, PAYOUT_CSV_MAX_ROWS } from "~/core/disbursements/csv-parse";
import { paths } from "~/utils/paths";
import { PayoutFileInput } from "./PayoutFileInput";

export const PAYOUT_TITLE_MAX = 120;

/** The largest payout file, for people: "2 MB". */
const MAX_SIZE = `${PAYOUT_CSV_MAX_BYTES / (1024 * 1024)} MB`;

/** Why a file larger than a payout file may be is refused (the page and the 413 both say it). */
export const payoutFileTooLarge = `The file is larger than ${MAX_SIZE}, the most a payout file can be: split it into smaller files and upload each part.`;

const WORKBOOK = /\.(xlsx|xlsm|xls|ods|numbers)$/i;
const TEXT_EXTENSIONS = new Set(["csv", "txt", "tsv"]);
const CSV_TYPES = new Set(["", "application/csv", "application/vnd.ms-excel", "text/x-csv"]);

/**
 * Why a chosen file cannot be a payout file (empty, a workbook, another kind of file), or null.
 * Browsers disagree on a CSV file's type (Windows says application/vnd.ms-excel), so the name's
 * extension decides when it has one.
 */
export function payoutFileProblem(file: {
  name: string;
  size: number;
  type: string;
}): string | null {
  const name = file.name.length > 60 ? `${file.name.slice(0, 59)}…` : file.name;
  if (WORKBOOK.test(file.name))
    return `"${name}" is a spreadsheet workbook, not a CSV file: in your spreadsheet choose Save As (or Download) and CSV UTF-8, then upload that file.`;
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase();
  const textual = extension
    ? TEXT_EXTENSIONS.has(extension)
    : file.type.startsWith("text/") || CSV_TYPES.has(file.type);
  if (!textual)
    return `"${name}" is not a CSV file: save the payouts as CSV (start from the template) and upload that file.`;
  if (file.size === 0)
    return `"${name}" is empty: its first line must be the header (recipient, rail, amount, reference, name, bank_code), then one payout per line.`;
  if (file.size > PAYOUT_CSV_MAX_BYTES) return payoutFileTooLarge;
  return null;
}

/** The upload form's fields: the batch's title, the file and the receipt choice. */
export const payoutUploadSchema = z.object({
  title: z
    .string({ required_error: "Give the batch a title, such as November salaries" })
    .trim()
    .min(1, "Give the batch a title, such as November salaries")
    .max(PAYOUT_TITLE_MAX, `Shorten the title to at most ${PAYOUT_TITLE_MAX} characters`),
  file: z
    .instanceof(File, { message: "Choose the payout file (CSV) to upload" })
    .superRefine((file, ctx) => {
      const problem = payoutFileProblem(file);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  smsReceipts: z.boolean().optional(),
});

/** Said whenever a file was refused: a browser cannot give a file input back. */
export const CHOOSE_FILE_AGAIN = "Choose the file again after fixing it.";

/**
 * A bulk-payout file upload: a title, the CSV file (checked on the server; its rows are shown on
 * the batch page to fix before it is submitted) and the receipt choice. Works as a plain multipart
 * form post.
 */
export function UploadPayoutsForm({
  lastResult,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "upload-payouts",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: payoutUploadSchema }),
  });
  const fileMeta = fieldMeta(fields.file);
  const fileInvalid = Boolean(fileMeta.errors?.length);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="mt-4 space-y-5"
    >
      <TextField
        meta={fieldMeta(fields.title)}
        label="Batch title"
        maxLength={PAYOUT_TITLE_MAX}
        placeholder="November salaries"
        defaultValue={
          typeof fields.title.initialValue === "string" ? fields.title.initialValue : ""
        }
      />
      <div>
        <label htmlFor={fileMeta.id} className="block text-sm font-medium text-slate-800">
          Payout file (CSV)
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        </label>
        <PayoutFileInput
          id={fileMeta.id}
          name={fileMeta.name}
          required
          aria-invalid={fileInvalid || undefined}
          aria-describedby={[fileInvalid ? fileMeta.errorId : null, `${fileMeta.id}-hint`]
            .filter(Boolean)
            .join(" ")}
        />
        <p id={`${fileMeta.id}-hint`} className="mt-1 text-sm text-slate-600">
          One payout per line with the columns recipient, rail, amount, reference, name and
          bank_code; at most {MAX_SIZE} and {PAYOUT_CSV_MAX_ROWS.toLocaleString("en-US")} rows.{" "}
          <a href={paths.merchantPayoutTemplate} download className={textLinkClass}>
            Download the template
          </a>
        </p>
        <FieldError meta={fileMeta} />
      </div>
      <CheckboxField
        meta={fieldMeta(fields.smsReceipts, false)}
        label="Send each recipient a text receipt"
        defaultChecked={fields.smsReceipts.initialValue === "on"}
      />
      <SubmitButton pendingLabel="Uploading...">Upload file</SubmitButton>
    </Form>
  );
}
