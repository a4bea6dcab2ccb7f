-- An expired order is told once: the release marks it expired before cancelling it, and the
-- cancellation email is not sent for an expired order (its own "has expired" email says it).

create or replace function private.queue_order_email(target uuid, subject text, body text, kind text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  o public.orders;
begin
  select * into o from public.orders where orders.id = target;
  if not found then
    return;
  end if;
  if kind = 'order_cancelled' and o.expired_at is not null then
    return;
  end if;
  perform private.queue_email(o.email, subject,
    format(E'Hello %s,\n\n%s\n\nOrder %s. Open the link in your order confirmation to see it at any time.\n\nLuxe Kenya',
      split_part(o.customer_name, ' ', 1), body, o.order_number),
    kind);
end;
$$;
revoke all on function private.queue_order_email(uuid, text, text, text) from public, anon, authenticated, service_role;

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
create or replace function public.release_unpaid_orders()
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
    update public.orders set expired_at = now() where orders.id = overdue.id;
    perform public.set_order_status(overdue.id, 'cancelled');
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

