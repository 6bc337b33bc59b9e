/**
 * A goAML 5.0.2 report as XML (issue 31, item 5; ADR 0057): what the FRC's portal takes. Pure: the
 * caller gathers the report (reports.server.ts); this writes its elements in the schema's order,
 * leaving out what we do not know (never an empty element for a required one: the builder's
 * types make those required). Amounts are KES cents (bigint) written with two decimals; times are
 * Nairobi local time without an offset, as goAML's `sql_date` is written.
 */
import { formatEatIso } from "~/utils/format";
import { goaml } from "./goaml-settings";

export interface GoamlAddress {
  type: "BU" | "REG" | "OFFIC";
  address: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  state: string;
}

export interface GoamlPerson {
  firstName: string;
  lastName: string;
  birthdate?: string | null;
  idNumber?: string | null;
  nationality?: string | null;
  email?: string | null;
  occupation?: string | null;
}

/** A business: the merchant. */
export interface GoamlEntity {
  name: string;
  /** Business registration number. */
  incorporationNumber?: string | null;
  business?: string | null;
  email?: string | null;
  address?: GoamlAddress | null;
  country: string;
  /** Directors (DIR) and beneficial owners (UBO). */
  directors: (GoamlPerson & { role: "DIR" | "UBO" })[];
  /** KRA PIN. */
  taxNumber?: string | null;
}

/** An account: a crypto wallet address, an M-Pesa number, a bank account. */
export interface GoamlAccount {
  institutionName: string;
  institutionCode: string;
  account: string;
  accountName: string;
  accountType?: string | null;
  /** The business that holds it, when it is our merchant's. */
  entity?: GoamlEntity | null;
}

export type GoamlParty = { account: GoamlAccount } | { entity: GoamlEntity };

export interface GoamlSide {
  fundsCode: string;
  fundsComment?: string | null;
  party: GoamlParty;
  /** ISO 3166-1 alpha-2, or "-" when unknown (a crypto payer). */
  country: string;
}

export interface GoamlTransaction {
  number: string;
  internalRef?: string | null;
  description: string;
  at: number;
  transmode: string;
  amountKesCents: bigint;
  from: GoamlSide;
  to: GoamlSide;
  comments?: string | null;
}

export interface GoamlReport {
  code: string;
  /** Our reference for the report (the frc_reports id). */
  entityReference: string;
  submittedAt: number;
  /** The officer who made it (none for the weekly job's: the officer filing it is goAML's user). */
  reportingPerson?: GoamlPerson | null;
  reason?: string | null;
  action?: string | null;
  transactions: GoamlTransaction[];
  indicators: string[];
}

type Node = { name: string; text?: string; children?: (Node | null)[] };

const el = (name: string, content: string | (Node | null)[]): Node =>
  typeof content === "string" ? { name, text: content } : { name, children: content };

/** An element only when it has a value (cut to the schema's maximum length). */
const opt = (name: string, value: string | null | undefined, max = 255): Node | null =>
  value === null || value === undefined || value.trim() === ""
    ? null
    : el(name, value.trim().slice(0, max));

const escapeXml = (value: string) =>
  value
    // Characters XML 1.0 cannot carry at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

function render(node: Node, depth: number, out: string[]): void {
  const pad = "  ".repeat(depth);
  if (node.text !== undefined) {
    out.push(`${pad}<${node.name}>${escapeXml(node.text)}</${node.name}>`);
    return;
  }
  out.push(`${pad}<${node.name}>`);
  for (const child of node.children ?? []) if (child) render(child, depth + 1, out);
  out.push(`${pad}</${node.name}>`);
}

/** goAML's `sql_date`: Nairobi local time, "2026-11-24T14:05:00". */
export const goamlDate = (at: number) => formatEatIso(at).slice(0, 19);

/** KES cents as goAML's `sql_decimal`: "150000.00". */
export function goamlAmount(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** Text cut to a schema's maximum length. */
const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

function address(name: string, value: GoamlAddress): Node {
  return el(name, [
    el("address_type", value.type),
    el("address", cut(value.address, 100)),
    el("city", cut(value.city, 255)),
    el("country_code", value.country),
    el("state", cut(value.state, 255)),
  ]);
}

function personNodes(person: GoamlPerson): (Node | null)[] {
  return [
    el("first_name", cut(person.firstName, 100)),
    el("last_name", cut(person.lastName, 100)),
    opt("birthdate", person.birthdate ? `${person.birthdate}T00:00:00` : null),
    opt("id_number", person.idNumber),
    opt("nationality1", person.nationality),
  ];
}

function reportingPerson(person: GoamlPerson): Node {
  return el("reporting_person", [
    ...personNodes(person),
    opt("email", person.email),
    opt("occupation", person.occupation),
  ]);
}

function entity(name: string, value: GoamlEntity): Node {
  return el(name, [
    el("name", cut(value.name, 255)),
    opt("incorporation_number", value.incorporationNumber, 50),
    opt("business", value.business),
    value.address ? el("addresses", [address("address", value.address)]) : null,
    opt("email", value.email),
    el("incorporation_country_code", value.country),
    ...value.directors.map((director) =>
      el("director_id", [...personNodes(director), el("role", director.role)]),
    ),
    opt("tax_number", value.taxNumber, 100),
  ]);
}

function account(name: string, value: GoamlAccount): Node {
  return el(name, [
    el("institution_name", cut(value.institutionName, 255)),
    el("institution_code", cut(value.institutionCode, 50)),
    el("account", cut(value.account, 255)),
    el("account_name", cut(value.accountName, 255)),
    value.accountType ? el("account_type", value.accountType) : null,
    value.entity ? entity("t_entity", value.entity) : null,
  ]);
}

function side(direction: "from" | "to", value: GoamlSide): Node {
  const party =
    "account" in value.party
      ? account(`${direction}_account`, value.party.account)
      : entity(`${direction}_entity`, value.party.entity);
  return el(`t_${direction}`, [
    el(`${direction}_funds_code`, value.fundsCode),
    opt(`${direction}_funds_comment`, value.fundsComment),
    party,
    el(`${direction}_country`, value.country),
  ]);
}

function transaction(value: GoamlTransaction): Node {
  return el("transaction", [
    el("transactionnumber", cut(value.number, 100)),
    opt("internal_ref_number", value.internalRef, 100),
    el("transaction_location", goaml.transactionLocation),
    el("transaction_description", cut(value.description, 8000)),
    el("date_transaction", goamlDate(value.at)),
    el("transmode_code", value.transmode),
    el("transmode_comment", goaml.transmodeComment),
    el("amount_local", goamlAmount(value.amountKesCents)),
    side("from", value.from),
    side("to", value.to),
    opt("comments", value.comments, 8000),
  ]);
}

/** The report as goAML XML (UTF-8, no namespace: the schema has no target namespace). */
export function goamlXml(report: GoamlReport): string {
  const root = el("report", [
    el("schema_version", goaml.schemaVersion),
    el("rentity_id", String(goaml.rentityId)),
    el("rentity_branch", goaml.rentityBranch),
    el("submission_code", goaml.submissionCode),
    el("report_code", report.code),
    el("entity_reference", report.entityReference),
    el("submission_date", goamlDate(report.submittedAt)),
    el("currency_code_local", goaml.currency),
    report.reportingPerson ? reportingPerson(report.reportingPerson) : null,
    address("location", { ...goaml.location, country: goaml.country }),
    opt("reason", report.reason, 8000),
    opt("action", report.action, 8000),
    ...report.transactions.map(transaction),
    el(
      "report_indicators",
      report.indicators.map((code) => el("indicator", code)),
    ),
  ]);
  const out = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'];
  render(root, 0, out);
  return `${out.join("\n")}\n`;
}
