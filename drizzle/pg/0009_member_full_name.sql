-- A team member's full name, screened against the sanctions lists (issue 31, item 2), as SQLite
-- migration 0033 adds it.
alter table "merchant_users" add column "full_name" text;
