-- A refusal raised by a statement (ADR 0049, app/db/refusal.ts): `select case when <over> then
-- onehop_refuse('daily_limit') else 0 end` fails its statement, and the write, with the reason as
-- the message and SQLSTATE OH001. Volatile (the default), so it is never folded ahead of its CASE.
create function onehop_refuse(reason text) returns bigint language plpgsql as $$
begin
  raise exception using errcode = 'OH001', message = reason;
end
$$;
