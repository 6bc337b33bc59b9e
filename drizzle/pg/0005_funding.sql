-- Funding payouts (issue 30, item 1; ADR 0050), as SQLite migration 0029 adds them.
create table "balance_top_ups" (
  "id" text primary key,
  "merchant_id" text,
  "mode" text not null default 'live',
  "method" text not null,
  "status" text not null,
  "amount_kes_cents" bigint not null,
  "provider_reference" text,
  "account_reference" text,
  "payer" text,
  "checkout_request_id" text,
  "requested_by" text,
  "ledger_transaction_id" text,
  "failure_reason" text,
  "created_at" bigint not null,
  "updated_at" bigint not null,
  "completed_at" bigint
);
create table "settlement_policies" (
  "merchant_id" text primary key,
  "schedule" text not null default 'instant',
  "daily_time" text not null default '17:00',
  "keep" text not null default 'none',
  "keep_percent" bigint not null default 0,
  "keep_float_kes_cents" bigint not null default 0,
  "due_live_kes_cents" bigint not null default 0,
  "due_test_kes_cents" bigint not null default 0,
  "last_sweep_day" text,
  "updated_at" bigint not null,
  "updated_by" text
);
create table "settlement_sweeps" (
  "id" text primary key,
  "merchant_id" text not null,
  "mode" text not null,
  "day" text not null,
  "due_kes_cents" bigint not null,
  "planned_kes_cents" bigint not null,
  "created_at" bigint not null
);
create unique index "balance_top_ups_provider_idx" on "balance_top_ups" ("method", "provider_reference");
create unique index "balance_top_ups_checkout_idx" on "balance_top_ups" ("checkout_request_id");
create index "balance_top_ups_merchant_idx" on "balance_top_ups" ("merchant_id", "created_at");
create unique index "settlement_sweeps_merchant_day_idx" on "settlement_sweeps" ("merchant_id", "mode", "day");
alter table "settlement_transfers" add column "sweep_id" text;
create index "settlement_transfers_sweep_idx" on "settlement_transfers" ("sweep_id");
alter table "balance_top_ups" add constraint "balance_top_ups_merchant_id_merchants_id_fk" foreign key ("merchant_id") references "merchants" ("id");
alter table "settlement_policies" add constraint "settlement_policies_merchant_id_merchants_id_fk" foreign key ("merchant_id") references "merchants" ("id");
alter table "settlement_sweeps" add constraint "settlement_sweeps_merchant_id_merchants_id_fk" foreign key ("merchant_id") references "merchants" ("id");
