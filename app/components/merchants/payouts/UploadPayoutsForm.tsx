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
import { payoutsMessages } from "~/i18n/catalogs/payouts";
import { inLocale, type Translation } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-messages";
import * as paths from "~/utils/paths";
import { PayoutFileInput } from "./PayoutFileInput";

export const PAYOUT_TITLE_MAX = 120;

/** The largest payout file, for people: "2 MB". */
const MAX_SIZE = `${PAYOUT_CSV_MAX_BYTES / (1024 * 1024)} MB`;

/** The upload form's messages in one language. */
export type UploadMessages = Translation<(typeof payoutsMessages)["en"]>["upload"];

const english = inLocale(payoutsMessages, "en").upload;

/** Why a file larger than a payout file may be is refused, in the page's language. */
export const payoutFileTooLargeIn = (m: UploadMessages) => m.tooLarge(MAX_SIZE);

/** Why a file larger than a payout file may be is refused (the page and the 413 both say it). */
export const payoutFileTooLarge = payoutFileTooLargeIn(english);

/** A payout file's columns, as its header names them (the same in every language). */
const FIRST_COLUMNS = "recipient, rail, amount, reference, name";
const LAST_COLUMN = "bank_code";

const WORKBOOK = /\.(xlsx|xlsm|xls|ods|numbers)$/i;
const TEXT_EXTENSIONS = new Set(["csv", "txt", "tsv"]);
const CSV_TYPES = new Set(["", "application/csv", "application/vnd.ms-excel", "text/x-csv"]);

/**
 * Why a chosen file cannot be a payout file (empty, a workbook, another kind of file), or null.
 * Browsers disagree on a CSV file's type (Windows says application/vnd.ms-excel), so the name's
 * extension decides when it has one.
 */
export function payoutFileProblem(
  file: {
    name: string;
    size: number;
    type: string;
  },
  m: UploadMessages = english,
): string | null {
  const name = file.name.length > 60 ? `${file.name.slice(0, 59)}…` : file.name;
  if (WORKBOOK.test(file.name)) return m.workbook(name);
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase();
  const textual = extension
    ? TEXT_EXTENSIONS.has(extension)
    : file.type.startsWith("text/") || CSV_TYPES.has(file.type);
  if (!textual) return m.notCsv(name);
  if (file.size === 0) return m.emptyFile(name, `${FIRST_COLUMNS}, ${LAST_COLUMN}`);
  if (file.size > PAYOUT_CSV_MAX_BYTES) return payoutFileTooLargeIn(m);
  return null;
}

/** The upload form's fields (the batch's title, the file and the receipt choice), in a language. */
export const payoutUploadSchemaFor = (m: UploadMessages) =>
  z.object({
    title: z
      .string({ required_error: m.titleMissing })
      .trim()
      .min(1, m.titleMissing)
      .max(PAYOUT_TITLE_MAX, m.titleTooLong(PAYOUT_TITLE_MAX)),
    file: z.instanceof(File, { message: m.fileMissing }).superRefine((file, ctx) => {
      const problem = payoutFileProblem(file, m);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    smsReceipts: z.boolean().optional(),
  });

/** The upload form's fields, in English. */
export const payoutUploadSchema = payoutUploadSchemaFor(english);

/** Said whenever a file was refused: a browser cannot give a file input back. */
export const CHOOSE_FILE_AGAIN = english.chooseAgain;

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
  const m = useMessages(payoutsMessages).upload;
  const [form, fields] = useForm({
    id: "upload-payouts",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: payoutUploadSchemaFor(m) }),
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
        label={m.batchTitle}
        maxLength={PAYOUT_TITLE_MAX}
        placeholder={m.batchTitlePlaceholder}
        defaultValue={
          typeof fields.title.initialValue === "string" ? fields.title.initialValue : ""
        }
      />
      <div>
        <label htmlFor={fileMeta.id} className="block text-sm font-medium text-slate-800">
          {m.file}
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
          {m.fileHint(
            MAX_SIZE,
            PAYOUT_CSV_MAX_ROWS.toLocaleString("en-US"),
            FIRST_COLUMNS,
            LAST_COLUMN,
          )}{" "}
          <a href={paths.merchantPayoutTemplate} download className={textLinkClass}>
            {m.template}
          </a>
        </p>
        <FieldError meta={fileMeta} />
      </div>
      <CheckboxField
        meta={fieldMeta(fields.smsReceipts, false)}
        label={m.smsReceipts}
        defaultChecked={fields.smsReceipts.initialValue === "on"}
      />
      <SubmitButton pendingLabel={m.uploading}>{m.submit}</SubmitButton>
    </Form>
  );
}
