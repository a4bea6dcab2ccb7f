-- A bank-transfer order, like an M-Pesa one, ships only once paid.

/**
 * Staff move an order along: pending → confirmed → dispatched → delivered, or cancelled before
 * delivery. An order paid in advance (M-Pesa, bank transfer) ships only once paid. Delivering a cash
 * order records its payment. Delivering approves the commission; cancelling puts the stock back (into
 * the sizes bought) and reverses the commission. Setting the status an order already has changes
 * nothing.
 */
create or replace function public.set_order_status(order_id uuid, status text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  o public.orders;
  next_status text := set_order_status.status;
  allowed boolean;
begin
  if not private.is_staff_or_service() then
    raise exception using errcode = '42501', message = 'Only staff can change an order''s status.';
  end if;

  select * into o from public.orders where orders.id = set_order_status.order_id for update;
  if not found then
    perform private.refuse('404', 'order_not_found', 'We could not find that order.');
  end if;
  if next_status is null or next_status not in ('pending', 'confirmed', 'dispatched', 'delivered', 'cancelled') then
    perform private.refuse('400', 'invalid_status', 'That is not an order status.');
  end if;
  if next_status = o.status then
    return private.order_json(o.id);
  end if;

  allowed := case o.status
    when 'pending' then next_status in ('confirmed', 'cancelled')
    when 'confirmed' then next_status in ('dispatched', 'cancelled')
    when 'dispatched' then next_status in ('delivered', 'cancelled')
    else false
  end;
  if not allowed then
    perform private.refuse('409', 'invalid_transition',
      format('An order that is %s cannot become %s.', o.status, next_status),
      jsonb_build_object('from', o.status, 'to', next_status));
  end if;
  if next_status = 'dispatched' and o.payment_method in ('mpesa', 'bank') and o.payment_status <> 'paid' then
    perform private.refuse('409', 'not_paid', 'This order is not paid yet.');
  end if;

  if next_status = 'cancelled' then
    -- Products first, then their size rows: the lock order place_order keeps. A product that sells by
    -- size gets its total recounted from its rows, so for it this update only takes the lock.
    update public.products p
    set stock = p.stock + returned.quantity
    from (
      select i.product_id, sum(i.quantity)::integer as quantity
      from public.order_items i
      where i.order_id = o.id and i.product_id is not null
      group by i.product_id
    ) as returned
    where p.id = returned.product_id;

    -- Each size bought goes back to its row (made again if staff removed it meanwhile, while the
    -- product still offers that size and sells by size).
    insert into public.product_sizes as s (product_id, size, stock)
    select i.product_id, i.size, sum(i.quantity)::integer
    from public.order_items i
    join public.products p on p.id = i.product_id
    where i.order_id = o.id
      and i.size is not null
      and i.size = any (p.sizes)
      and exists (select 1 from public.product_sizes t where t.product_id = i.product_id)
    group by i.product_id, i.size
    order by i.product_id, i.size
    on conflict (product_id, size) do update set stock = s.stock + excluded.stock;

    update public.commissions c
    set status = 'reversed'
    where c.order_id = o.id and c.status in ('pending', 'approved');

    update public.orders
    set status = 'cancelled',
      cancelled_at = now(),
      payment_status = case when payment_status in ('pending', 'failed') then 'cancelled' else payment_status end
    where orders.id = o.id;
  elsif next_status = 'delivered' then
    if o.payment_method = 'cod' and o.payment_status <> 'paid' then
      insert into public.payments (order_id, provider, phone, amount, status, result_desc, paid_at)
      values (o.id, 'cod', o.phone, o.total, 'paid', 'Cash collected on delivery', now());
      update public.orders set payment_status = 'paid', paid_at = now() where orders.id = o.id;
    end if;
    update public.orders set status = 'delivered', delivered_at = now() where orders.id = o.id;
    perform private.create_commission(o.id);
    update public.commissions c set status = 'approved' where c.order_id = o.id and c.status = 'pending';
  else
    update public.orders
    set status = next_status,
      confirmed_at = case when next_status = 'confirmed' then now() else confirmed_at end,
      dispatched_at = case when next_status = 'dispatched' then now() else dispatched_at end
    where orders.id = o.id;
  end if;

  return private.order_json(o.id);
end;
$$;

revoke all on function public.set_order_status(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.set_order_status(uuid, text) to authenticated, service_role;
