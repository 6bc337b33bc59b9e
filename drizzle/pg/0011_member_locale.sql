-- A member's language for the app, e-mails and SMS (issue 33), as SQLite migration 0035 adds it.
alter table "merchant_users" add column "locale" text;
