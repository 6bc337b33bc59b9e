-- The compliance programme (issue 31, items 3 and 5 to 9): monitoring rules and alerts, FRC reports,
-- business parties and KYB tiers, excise duty columns, the travel rule, data requests, as SQLite
-- migration 0032 adds them.
create table "business_parties" (
  "id" text primary key,
  "application_id" text,
  "merchant_id" text,
  "role" text not null,
  "full_name" text not null,
  "nationality" text,
  "id_number" text,
  "date_of_birth" text,
  "ownership_bps" bigint,
  "pep" smallint not null default 0,
  "pep_details" text,
  "created_at" bigint not null,
  "updated_at" bigint not null,
  "removed_at" bigint
);
create index "business_parties_application_idx" on "business_parties" ("application_id");
create index "business_parties_merchant_idx" on "business_parties" ("merchant_id");
create table "data_requests" (
  "id" text primary key,
  "merchant_id" text not null,
  "kind" text not null,
  "status" text not null,
  "requested_by" text not null,
  "outcome" text,
  "created_at" bigint not null,
  "completed_at" bigint
);
create index "data_requests_merchant_idx" on "data_requests" ("merchant_id", "created_at");
create table "frc_reports" (
  "id" text primary key,
  "kind" text not null,
  "status" text not null default 'draft',
  "case_id" text,
  "period_start" bigint,
  "period_end" bigint,
  "transaction_count" bigint not null,
  "file_name" text not null,
  "content" text not null,
  "sha256" text not null,
  "created_by" text,
  "created_at" bigint not null,
  "filed_by" text,
  "filed_at" bigint,
  "frc_reference" text
);
create index "frc_reports_kind_idx" on "frc_reports" ("kind", "created_at");
create index "frc_reports_case_idx" on "frc_reports" ("case_id");
create unique index "frc_reports_period_idx" on "frc_reports" ("kind", "period_start") where "kind" = 'ltr';
create table "monitoring_alerts" (
  "id" text primary key,
  "rule" text not null,
  "merchant_id" text,
  "fingerprint" text not null,
  "detail" text not null,
  "case_id" text,
  "created_at" bigint not null
);
create unique index "monitoring_alerts_fingerprint_idx" on "monitoring_alerts" ("fingerprint");
create index "monitoring_alerts_merchant_idx" on "monitoring_alerts" ("merchant_id", "created_at");
create table "monitoring_rules" (
  "rule" text primary key,
  "enabled" smallint not null,
  "thresholds" text not null,
  "updated_by" text,
  "updated_at" bigint not null
);
alter table "merchants" add column "kyb_tier" text not null default 'standard';
alter table "merchants" add column "kyb_review_due_at" bigint;
alter table "merchants" add column "relationship_ended_at" bigint;
alter table "merchants" add column "erased_at" bigint;
alter table "application_documents" add column "document_type" text;
alter table "application_documents" add column "expires_at" bigint;
alter table "application_documents" add column "merchant_id" text;
alter table "payments" add column "excise_kes_cents" bigint not null default 0;
alter table "settlement_transfers" add column "excise_kes_cents" bigint not null default 0;
alter table "disbursement_rows" add column "excise_kes_cents" bigint;
alter table "refunds" add column "travel_rule" text;
