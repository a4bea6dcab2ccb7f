-- Stock is held only while it is being paid for: an unpaid M-Pesa (or card) order gives its stock back
-- after a short hold, a cash-on-delivery order staff have not confirmed after a longer one, a bank
-- transfer after its days. One release function does all three, on a schedule (the local server's
-- scheduler; pg_cron on the hosted project), and tells the shopper by email.

alter table public.store_settings
  add column online_payment_hold_minutes integer not null default 15
    check (online_payment_hold_minutes between 5 and 1440),
  add column cod_confirm_hours integer not null default 48
    check (cod_confirm_hours between 1 and 720),
  add column guest_orders_per_phone_per_day integer not null default 10
    check (guest_orders_per_phone_per_day between 1 and 1000),
  add column guest_orders_per_device_per_day integer not null default 10
    check (guest_orders_per_device_per_day between 1 and 1000),
  add column guest_orders_per_address_per_day integer not null default 10
    check (guest_orders_per_address_per_day between 1 and 1000),
  add column guest_order_max_amount integer not null default 300000
    check (guest_order_max_amount > 0);

grant update (online_payment_hold_minutes, cod_confirm_hours, guest_orders_per_phone_per_day,
  guest_orders_per_device_per_day, guest_orders_per_address_per_day, guest_order_max_amount)
  on table public.store_settings to authenticated;

-- The device a guest order came from (a random id the app keeps), and when an unpaid order expired.
alter table public.orders
  add column device_id uuid,
  add column expired_at timestamptz;

create index orders_holds_due_idx on public.orders (payment_due_at)
  where status = 'pending' and payment_status <> 'paid';

/**
 * Gives back the stock of every order whose hold ran out: an M-Pesa or card order unpaid after
 * store_settings.online_payment_hold_minutes (one whose payment prompt is still being answered waits a
 * little longer), a cash-on-delivery order staff have not confirmed after cod_confirm_hours, a bank
 * transfer unpaid by its deadline. Each is cancelled as staff would cancel it (stock back to the sizes
 * bought, referral reversed), marked expired, and its shopper emailed. Returns the order numbers.
 *
 * Run on a schedule: the local server's scheduler every minute; on the hosted project, pg_cron (the
 * job below, scheduled where pg_cron is switched on). Without a JWT (pg_cron) it acts as the service.
 */
create function public.release_unpaid_orders()
returns text[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  overdue record;
  released text[] := '{}';
begin
  if auth.role() is null then
    -- Only the database's own jobs get here without a JWT: nobody else may execute this.
    perform set_config('request.jwt.claims', '{"role":"service_role"}', true);
  elsif not private.is_staff_or_service() then
    raise exception using errcode = '42501', message = 'Only staff can release unpaid orders.';
  end if;
  for overdue in
    select o.id, o.order_number, o.email, o.access_token, o.payment_method
    from public.orders o
    where o.status = 'pending'
      and o.payment_status <> 'paid'
      and o.payment_due_at < now()
      -- A payment prompt sent in the last two minutes may still be answered: wait for it.
      and not exists (
        select 1 from public.payments p
        where p.order_id = o.id and p.status = 'pending' and p.created_at > now() - interval '2 minutes'
      )
    order by o.payment_due_at
    for update of o skip locked
  loop
    perform public.set_order_status(overdue.id, 'cancelled');
    update public.orders set expired_at = now() where orders.id = overdue.id;
    perform private.queue_email(overdue.email,
      format('Order %s has expired', overdue.order_number),
      format(E'Your order %s was not %s in time, so we have released its items for other shoppers. '
        'Nothing was charged.\n\nIf you still want them, please place a new order.\n\n'
        'Your order: /order/%s?token=%s',
        overdue.order_number,
        case overdue.payment_method when 'cod' then 'confirmed' else 'paid' end,
        overdue.order_number, overdue.access_token),
      'order_expired');
    released := released || overdue.order_number;
  end loop;
  return released;
end;
$$;

revoke all on function public.release_unpaid_orders() from public, anon, authenticated, service_role;
grant execute on function public.release_unpaid_orders() to authenticated, service_role;

/** The bank-transfer release, kept for callers of its old name: it now releases every lapsed hold. */
create or replace function public.release_unpaid_bank_orders()
returns text[]
language sql
volatile
security definer
set search_path = ''
as $$
  select public.release_unpaid_orders()
$$;

-- One job releases every lapsed hold, every minute (where pg_cron is switched on).
do $cron$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    if exists (select 1 from cron.job where jobname = 'release-unpaid-bank-orders') then
      perform cron.unschedule('release-unpaid-bank-orders');
    end if;
    perform cron.schedule('release-unpaid-orders', '* * * * *', 'select public.release_unpaid_orders()');
  end if;
end;
$cron$;

/**
 * Staff see the stock held by unpaid orders (placed, not yet paid or confirmed), per product and size:
 * it comes back if those orders expire.
 */
create function public.held_stock()
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_staff_or_service() then
    raise exception using errcode = '42501', message = 'Only staff can see held stock.';
  end if;
  return (
    select coalesce(json_agg(json_build_object('productId', h.product_id, 'size', h.size, 'held', h.held)
      order by h.product_id, h.size), '[]')
    from (
      select i.product_id, i.size, sum(i.quantity)::integer as held
      from public.order_items i
      join public.orders o on o.id = i.order_id
      where o.status = 'pending' and o.payment_status <> 'paid' and i.product_id is not null
      group by i.product_id, i.size
    ) h
  );
end;
$$;

revoke all on function public.held_stock() from public, anon, authenticated, service_role;
grant execute on function public.held_stock() to authenticated, service_role;

/**
 * The guest's private order link (see its first definition): the order document, and when an unpaid
 * order expired (its stock released), so the page can say so.
 */
create or replace function public.order_by_token(order_number text, token text)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found public.orders;
begin
  select * into found
  from public.orders o
  where o.order_number = upper(btrim(order_by_token.order_number))
    and o.access_token = order_by_token.token;
  if found.id is null then
    perform private.refuse('404', 'order_not_found', 'We could not find that order.');
  end if;
  return (private.order_json(found.id)::jsonb || jsonb_build_object('expiredAt', found.expired_at))::json;
end;
$$;
