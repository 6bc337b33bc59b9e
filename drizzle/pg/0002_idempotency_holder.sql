-- The server process answering a running Idempotency-Key claim (ADR 0047), as SQLite migration
-- 0028 adds it.
alter table idempotency_keys add column holder text;
