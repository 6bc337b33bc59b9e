-- The language an application was made in (issue 33), as SQLite migration 0036 adds it.
alter table "merchant_applications" add column "locale" text;
