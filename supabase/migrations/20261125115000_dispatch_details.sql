-- Dispatch details: staff name the courier or rider and a tracking number or phone when an order leaves;
-- the shopper's order page and an email tell them, and delivered and cancelled are told the same way.

alter table public.orders
  add column courier text check (courier = btrim(courier) and char_length(courier) between 2 and 60),
  add column tracking text check (
    tracking = btrim(tracking) and char_length(tracking) between 4 and 40
    and tracking ~ '^[+]?[A-Za-z0-9][A-Za-z0-9 +/.#-]*$'
  );

comment on column public.orders.courier is 'Who carries a dispatched order: a courier company or a rider''s name.';
comment on column public.orders.tracking is 'The courier''s tracking number or the rider''s phone.';

/** Queues an email about an order to the address it was placed with. */
create function private.queue_order_email(target uuid, subject text, body text, kind text)
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
  perform private.queue_email(o.email, subject,
    format(E'Hello %s,\n\n%s\n\nOrder %s. Open the link in your order confirmation to see it at any time.\n\nLuxe Kenya',
      split_part(o.customer_name, ' ', 1), body, o.order_number),
    kind);
end;
$$;
revoke all on function private.queue_order_email(uuid, text, text, text) from public, anon, authenticated, service_role;

-- The two-argument form is replaced by one that also takes the dispatch details (callers that pass only
-- the order and the status still reach it).
drop function public.set_order_status(uuid, text);

/**
 * Staff move an order along: pending → confirmed → dispatched → delivered, or cancelled before
 * delivery. An order paid in advance (M-Pesa, bank transfer) ships only once paid, and dispatching
 * names the courier or rider and a tracking number or phone. Delivering a cash order records its
 * payment. Delivering approves the commission; cancelling puts back the stock not yet refunded (into
 * the sizes bought) and reverses the commission. The shopper is emailed when the order is dispatched,
 * delivered or cancelled. Setting the status an order already has changes nothing.
 */
create function public.set_order_status(
  order_id uuid,
  status text,
  courier text default null,
  tracking text default null
)
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
  carrier text := nullif(regexp_replace(btrim(set_order_status.courier), '\s+', ' ', 'g'), '');
  track text := nullif(regexp_replace(btrim(set_order_status.tracking), '\s+', ' ', 'g'), '');
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
  if next_status = 'dispatched' then
    if carrier is null or char_length(carrier) not between 2 and 60 then
      perform private.refuse('400', 'invalid_courier',
        'Enter the courier or rider who carries the order (2 to 60 characters).',
        jsonb_build_object('field', 'courier'));
    end if;
    if track is null or char_length(track) not between 4 and 40 or track !~ '^[+]?[A-Za-z0-9][A-Za-z0-9 +/.#-]*$' then
      perform private.refuse('400', 'invalid_tracking',
        'Enter the tracking number or the rider''s phone (4 to 40 letters, digits, spaces or - / + . #).',
        jsonb_build_object('field', 'tracking'));
    end if;
  end if;

  if next_status = 'cancelled' then
    -- Products first, then their size rows: the lock order place_order keeps. A product that sells by
    -- size gets its total recounted from its rows, so for it this update only takes the lock. Units
    -- already refunded went back to stock with their refund.
    update public.products p
    set stock = p.stock + returned.quantity
    from (
      select i.product_id, sum(i.quantity - i.refunded_quantity)::integer as quantity
      from public.order_items i
      where i.order_id = o.id and i.product_id is not null and i.quantity > i.refunded_quantity
      group by i.product_id
    ) as returned
    where p.id = returned.product_id;

    -- Each size bought goes back to its row (made again if staff removed it meanwhile, while the
    -- product still offers that size and sells by size).
    insert into public.product_sizes as s (product_id, size, stock)
    select i.product_id, i.size, sum(i.quantity - i.refunded_quantity)::integer
    from public.order_items i
    join public.products p on p.id = i.product_id
    where i.order_id = o.id
      and i.quantity > i.refunded_quantity
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
    perform private.queue_order_email(o.id, format('Order %s is cancelled', o.order_number),
      case when o.payment_status = 'paid'
        then 'Your order has been cancelled. The money you paid will be refunded to you, and we will email you when it is.'
        else 'Your order has been cancelled. Nothing more is due. If you did not expect this, please call or WhatsApp us.'
      end,
      'order_cancelled');
  elsif next_status = 'delivered' then
    if o.payment_method = 'cod' and o.payment_status <> 'paid' then
      insert into public.payments (order_id, provider, phone, amount, status, result_desc, paid_at)
      values (o.id, 'cod', o.phone, o.total, 'paid', 'Cash collected on delivery', now());
      update public.orders set payment_status = 'paid', paid_at = now() where orders.id = o.id;
    end if;
    update public.orders set status = 'delivered', delivered_at = now() where orders.id = o.id;
    perform private.create_commission(o.id);
    update public.commissions c set status = 'approved' where c.order_id = o.id and c.status = 'pending';
    perform private.queue_order_email(o.id, format('Order %s is delivered', o.order_number),
      'Your order has been delivered. Thank you for shopping with Luxe Kenya!', 'order_delivered');
  elsif next_status = 'dispatched' then
    update public.orders
    set status = 'dispatched', dispatched_at = now(), courier = carrier, tracking = track
    where orders.id = o.id;
    perform private.queue_order_email(o.id, format('Order %s is on its way', o.order_number),
      format(E'Your order is on its way.\n\nCourier: %s\nTracking: %s', carrier, track), 'order_dispatched');
  else
    update public.orders
    set status = next_status,
      confirmed_at = case when next_status = 'confirmed' then now() else confirmed_at end
    where orders.id = o.id;
  end if;

  return private.order_json(o.id);
end;
$$;

revoke all on function public.set_order_status(uuid, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.set_order_status(uuid, text, text, text) to authenticated, service_role;
