-- Card payment: a card order (no per-payment ceiling) is paid on the provider's hosted page, and the
-- provider's signed webhook settles it here, once. Orders waiting for M-Pesa or a bank transfer may be
-- paid by card instead; whatever mix of webhooks, retries, M-Pesa results and bank confirmations
-- arrives, an order is paid once and any second payment is kept as "refund due".

alter table public.orders
  drop constraint orders_payment_method_check,
  add constraint orders_payment_method_check check (payment_method in ('mpesa', 'cod', 'bank', 'card'));

alter table public.payments
  drop constraint payments_provider_check,
  add constraint payments_provider_check check (provider in ('mpesa', 'cod', 'bank', 'card'));

/**
 * Every card webhook event the store has acted on, by the provider's event id: a repeated delivery of
 * the same event is recognised and ignored. Written only by record_card_result.
 */
create table public.card_webhook_events (
  event_id text primary key check (char_length(event_id) between 1 and 200),
  payment_id uuid not null references public.payments on delete cascade,
  outcome text not null check (outcome in ('paid', 'failed', 'ignored', 'duplicate')),
  received_at timestamptz not null default now()
);
alter table public.card_webhook_events enable row level security;

revoke all on table public.card_webhook_events from anon, authenticated, service_role;
grant select on table public.card_webhook_events to service_role;

create policy "Staff can see card webhook events"
  on public.card_webhook_events for select to authenticated
  using ((select public.has_role('manager')));
grant select on table public.card_webhook_events to authenticated;

/**
 * Records a new card payment session for an order, before the shopper is sent to the provider's page.
 * The amount is the order's total (never the caller's), for an order waiting to be paid by card (or by
 * M-Pesa or bank transfer, which the shopper may pay by card instead). At most ten sessions per order
 * per hour. Returns the session's payment row: `reference` is what the provider is given.
 */
create function public.record_card_session(order_id uuid, reference text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  o public.orders;
  p public.payments;
  recent integer;
begin
  if coalesce(record_card_session.reference, '') !~ '^[A-Za-z0-9_-]{8,100}$' then
    perform private.refuse('400', 'invalid_reference', 'The card session reference is not valid.');
  end if;
  select * into o from public.orders where orders.id = record_card_session.order_id for update;
  if not found then
    perform private.refuse('404', 'order_not_found', 'We could not find that order.');
  end if;
  if o.payment_method = 'cod' then
    perform private.refuse('409', 'not_card', 'This order is paid in cash on delivery.');
  end if;
  if o.status = 'cancelled' then
    perform private.refuse('409', 'order_cancelled', 'This order was cancelled.');
  end if;
  if o.payment_status = 'paid' then
    perform private.refuse('409', 'already_paid', 'This order is already paid.');
  end if;
  select count(*) into recent
  from public.payments
  where payments.order_id = o.id and payments.provider = 'card'
    and payments.created_at > now() - interval '1 hour';
  if recent >= 10 then
    perform private.refuse('429', 'too_many_card_sessions',
      'Too many card payment attempts for this order. Please try again in an hour, or contact us.');
  end if;

  insert into public.payments (order_id, provider, checkout_request_id, amount)
  values (o.id, 'card', record_card_session.reference, o.total)
  returning * into p;
  update public.orders set payment_status = 'pending' where orders.id = o.id and payment_status <> 'pending';

  return json_build_object(
    'paymentId', p.id,
    'orderId', o.id,
    'orderNumber', o.order_number,
    'reference', p.checkout_request_id,
    'amount', p.amount,
    'currency', 'KES',
    'email', o.email,
    'status', p.status
  );
end;
$$;

revoke all on function public.record_card_session(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.record_card_session(uuid, text) to service_role;

/**
 * Settles a card session from a webhook whose signature the card-webhook function has checked.
 * Idempotent: an event seen before, or any event for a session already settled, changes nothing and
 * gets the current state. A payment must be in KES for exactly the session's amount (the order total);
 * anything else is refused and changes nothing. A successful payment for an order that is already
 * paid (by M-Pesa, bank transfer or another card session) or was cancelled is kept as failed with a
 * "refund due" note, so staff can refund it; the order is never paid twice.
 */
create function public.record_card_result(
  reference text,
  event_id text,
  succeeded boolean,
  amount integer,
  currency text,
  provider_reference text default null,
  result_desc text default null,
  raw_event jsonb default null
)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  p public.payments;
  o public.orders;
  outcome text;
begin
  if coalesce(btrim(record_card_result.event_id), '') = '' or succeeded is null then
    perform private.refuse('400', 'invalid_event', 'The card event is missing its id or outcome.');
  end if;
  select * into p
  from public.payments
  where payments.checkout_request_id = record_card_result.reference and payments.provider = 'card'
  for update;
  if not found then
    perform private.refuse('404', 'payment_not_found', 'No card payment was started with this reference.');
  end if;
  select * into o from public.orders where orders.id = p.order_id for update;

  if exists (select 1 from public.card_webhook_events e where e.event_id = record_card_result.event_id) then
    outcome := 'repeated';
  elsif p.status <> 'pending' then
    outcome := 'ignored';
    insert into public.card_webhook_events (event_id, payment_id, outcome)
    values (record_card_result.event_id, p.id, 'ignored');
  elsif not succeeded then
    outcome := 'failed';
    update public.payments
    set status = 'failed',
      result_desc = coalesce(left(record_card_result.result_desc, 200), 'Card payment declined'),
      reference = left(record_card_result.provider_reference, 64),
      raw_callback = record_card_result.raw_event
    where payments.id = p.id;
    if o.payment_status = 'pending' then
      update public.orders set payment_status = 'failed' where orders.id = o.id;
    end if;
    insert into public.card_webhook_events (event_id, payment_id, outcome)
    values (record_card_result.event_id, p.id, 'failed');
  else
    -- The money must be what was asked: the order's total, in shillings.
    if upper(coalesce(record_card_result.currency, '')) <> 'KES'
      or record_card_result.amount is distinct from p.amount
      or p.amount <> o.total
    then
      perform private.refuse('409', 'amount_mismatch', format(
        'The paid amount (%s %s) does not match the amount due (KES %s).',
        coalesce(record_card_result.currency, '?'), coalesce(record_card_result.amount::text, '?'), o.total));
    end if;
    if o.payment_status = 'paid' or o.status = 'cancelled' then
      outcome := 'duplicate';
      update public.payments
      set status = 'failed',
        result_desc = case when o.payment_status = 'paid'
          then 'Duplicate payment: the order was already paid. Refund due.'
          else 'Paid after the order was cancelled. Refund due.' end,
        reference = left(record_card_result.provider_reference, 64),
        raw_callback = record_card_result.raw_event
      where payments.id = p.id;
    else
      outcome := 'paid';
      update public.payments
      set status = 'paid',
        result_desc = coalesce(left(record_card_result.result_desc, 200), 'Card payment approved'),
        reference = left(record_card_result.provider_reference, 64),
        raw_callback = record_card_result.raw_event,
        paid_at = now()
      where payments.id = p.id;
      update public.orders
      set payment_status = 'paid',
        paid_at = now(),
        status = case when orders.status = 'pending' then 'confirmed' else orders.status end,
        confirmed_at = case when orders.status = 'pending' then now() else orders.confirmed_at end
      where orders.id = o.id;
      perform private.create_commission(o.id);
    end if;
    insert into public.card_webhook_events (event_id, payment_id, outcome)
    values (record_card_result.event_id, p.id, outcome);
  end if;

  select * into p from public.payments where payments.id = p.id;
  select * into o from public.orders where orders.id = p.order_id;
  return json_build_object(
    'outcome', outcome,
    'paymentId', p.id,
    'orderNumber', o.order_number,
    'paymentStatus', p.status,
    'resultDesc', p.result_desc,
    'orderStatus', o.status,
    'orderPaymentStatus', o.payment_status
  );
end;
$$;

revoke all on function public.record_card_result(text, text, boolean, integer, text, text, text, jsonb)
  from public, anon, authenticated, service_role;
grant execute on function public.record_card_result(text, text, boolean, integer, text, text, text, jsonb)
  to service_role;

/** A card order, like an M-Pesa or bank-transfer one, ships only once paid. */
create function private.card_orders_ship_when_paid()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'dispatched' and old.status is distinct from 'dispatched'
    and new.payment_method = 'card' and new.payment_status <> 'paid'
  then
    perform private.refuse('409', 'not_paid', 'This order is not paid yet.');
  end if;
  return new;
end;
$$;
revoke all on function private.card_orders_ship_when_paid() from public, anon, authenticated, service_role;

create trigger orders_card_ships_when_paid
  before update of status on public.orders
  for each row execute function private.card_orders_ship_when_paid();
