-- The dated API version each key is pinned to (issue 32, item 3), as SQLite migration 0034 adds it.
alter table "api_keys" add column "api_version" text default '2026-12-01' not null;
