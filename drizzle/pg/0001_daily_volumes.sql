-- The daily-limit counter (ADR 0027), kept by a trigger as SQLite migration 0012 keeps it. The
-- counted statuses are COUNTED in app/core/payments/payments.server.ts (a test checks that the
-- engines agree); the EAT day is UTC+3.
create function onehop_eat_day(created_at bigint) returns text language sql immutable as $$
  select to_char(to_timestamp(created_at / 1000 + 10800) at time zone 'UTC', 'YYYY-MM-DD')
$$;

create function onehop_counted(status text) returns boolean language sql immutable as $$
  select status in ('awaiting_payment', 'confirming', 'confirmed', 'in_review', 'settling', 'settled')
$$;

create function onehop_payments_daily_volume() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and onehop_counted(old.status) then
    update payment_daily_volumes set counted_kes_cents = counted_kes_cents - old.amount_kes_cents
    where merchant_id = old.merchant_id and mode = old.mode and day = onehop_eat_day(old.created_at);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and onehop_counted(new.status) then
    insert into payment_daily_volumes (merchant_id, mode, day, counted_kes_cents)
    values (new.merchant_id, new.mode, onehop_eat_day(new.created_at), new.amount_kes_cents)
    on conflict (merchant_id, mode, day)
    do update set counted_kes_cents = payment_daily_volumes.counted_kes_cents + excluded.counted_kes_cents;
  end if;
  return null;
end
$$;

create trigger payments_daily_volume_insert after insert on payments
  for each row execute function onehop_payments_daily_volume();
create trigger payments_daily_volume_update
  after update of status, amount_kes_cents, merchant_id, mode, created_at on payments
  for each row execute function onehop_payments_daily_volume();
create trigger payments_daily_volume_delete after delete on payments
  for each row execute function onehop_payments_daily_volume();
