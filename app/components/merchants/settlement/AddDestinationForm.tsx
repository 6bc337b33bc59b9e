import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { fieldMeta, SelectField, SubmitButton, TextField } from "~/components/ui/form";
import { bankByCode } from "~/content/banks";
import { mobileNetworkOf, networkNames, railNetwork } from "~/core/destinations/mobile-networks";
import { checkBankAccount } from "~/core/providers/pesalink/account";
import { railIds } from "~/core/rails/types";
import { settingsMessages } from "~/i18n/catalogs/settings";
import type { Translation } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-messages";
import { parseKenyanPhone } from "~/utils/phone";

type SettingsText = Translation<(typeof settingsMessages)["en"]>;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

/**
 * The add form's schema in the page's language: core's addDestinationSchema
 * (core/destinations/schema.ts), the same checks field by field for the chosen rail, saying `m`'s
 * messages and `rails`' names. Its value is what destinationAddressOf takes.
 */
export const addDestinationSchemaFor = (
  m: SettingsText["add"]["errors"],
  rails: SettingsText["rails"],
) =>
  z
    .object({
      rail: z.enum(railIds, { required_error: m.rail, invalid_type_error: m.rail }),
      phone: optionalText(20, m.phoneFormat),
      bankCode: optionalText(4, m.bankList),
      accountNumber: optionalText(30, m.accountNumberLength),
      accountName: optionalText(100, m.accountNameLength),
      password: z.string({ required_error: m.password }).min(1, m.password).max(200, m.password),
    })
    .superRefine((value, context) => {
      const issue = (path: string, message: string) =>
        context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (value.rail === "pesalink") {
        if (!value.bankCode) return issue("bankCode", m.bankList);
        const bank = bankByCode(value.bankCode);
        if (!bank) return issue("bankCode", m.bankList);
        if (!value.accountNumber) return issue("accountNumber", m.accountNumberRequired);
        const checked = checkBankAccount(value.bankCode, value.accountNumber);
        if (!checked.ok) {
          const digits = value.accountNumber.replace(/[\s-]/g, "");
          issue(
            checked.field,
            checked.field === "bankCode"
              ? m.bankList
              : /^\d+$/.test(digits)
                ? m.accountDigits(
                    bank.name,
                    bank.account.minLength,
                    bank.account.maxLength,
                    digits.length,
                  )
                : m.accountDigitsOnly,
          );
        }
        if (!value.accountName) issue("accountName", m.accountNameRequired);
        return;
      }
      const railName = rails[value.rail];
      if (!value.phone) return issue("phone", m.phoneRequired(railName));
      const parsed = parseKenyanPhone(value.phone);
      if (!parsed.ok) return issue("phone", m.phoneInvalid);
      const network = mobileNetworkOf(parsed.e164);
      const expected = railNetwork[value.rail];
      if (network !== expected) {
        issue(
          "phone",
          network
            ? m.otherNetwork(networkNames[network], railName, networkNames[expected])
            : m.unknownNetwork(networkNames[expected], railName),
        );
      }
    });

/**
 * Adding a destination: the rail, then its number (mobile money) or the bank, account number and
 * the name it is held in (PesaLink), and the password again. Without JavaScript every field shows,
 * each saying which rail it is for; with it, only the chosen rail's fields.
 */
export function AddDestinationForm({
  lastResult,
  rails,
  banks,
  hint,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  rails: readonly { value: string; label: string }[];
  banks: readonly { value: string; label: string }[];
  hint: string;
}) {
  const { add: m, rails: railNames } = useMessages(settingsMessages);
  const [form, fields] = useForm({
    id: "add-destination",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: addDestinationSchemaFor(m.errors, railNames) }),
  });
  const initialRail = typeof fields.rail.initialValue === "string" ? fields.rail.initialValue : "";
  const [rail, setRail] = useState(initialRail);
  // After hydration only: the server's HTML keeps every field (JavaScript may never run).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const showPhone = !hydrated || rail !== "pesalink";
  const showBank = !hydrated || rail === "pesalink";
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-5">
      <SelectField
        meta={fieldMeta(fields.rail)}
        label={m.payTo}
        placeholder={m.chooseWhere}
        options={rails}
        defaultValue={initialRail}
        onChange={(event) => setRail(event.currentTarget.value)}
      />
      {showPhone ? (
        <TextField
          meta={fieldMeta(fields.phone)}
          label={m.mobile}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          defaultValue={text(fields.phone.initialValue)}
          hint={m.mobileHint}
        />
      ) : null}
      {showBank ? (
        <fieldset className="space-y-5">
          <legend className="text-sm font-semibold text-ink">{m.bankLegend}</legend>
          <SelectField
            meta={fieldMeta(fields.bankCode)}
            label={m.bank}
            placeholder={m.chooseBank}
            options={banks}
            defaultValue={text(fields.bankCode.initialValue)}
          />
          <TextField
            meta={fieldMeta(fields.accountNumber)}
            label={m.accountNumber}
            inputMode="numeric"
            autoComplete="off"
            defaultValue={text(fields.accountNumber.initialValue)}
          />
          <TextField
            meta={fieldMeta(fields.accountName)}
            label={m.accountName}
            autoComplete="organization"
            defaultValue={text(fields.accountName.initialValue)}
            hint={m.accountNameHint}
          />
        </fieldset>
      ) : null}
      <TextField
        meta={fieldMeta(fields.password)}
        label={m.password}
        type="password"
        autoComplete="current-password"
        hint={hint}
      />
      <SubmitButton name="intent" value="add" pendingLabel={m.adding}>
        {m.submit}
      </SubmitButton>
    </Form>
  );
}
