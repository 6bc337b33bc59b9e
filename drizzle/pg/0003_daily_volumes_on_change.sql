-- The daily-volume trigger (0001) touches the merchant's day row only when what it counts changes:
-- a payment moving between counted statuses (awaiting_payment → confirming → … → settled) leaves
-- the sum as it is. Before, every such step rewrote the row, so a settlement (ledger accounts,
-- then the payment) and another payment's step (the payment, then ledger accounts) of the same
-- merchant locked the day row and the accounts in opposite orders and deadlocked under several
-- processes (ADR 0047).
create or replace function onehop_payments_daily_volume() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE'
    and onehop_counted(old.status) = onehop_counted(new.status)
    and old.amount_kes_cents = new.amount_kes_cents
    and old.merchant_id = new.merchant_id
    and old.mode = new.mode
    and onehop_eat_day(old.created_at) = onehop_eat_day(new.created_at) then
    return null;
  end if;
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
