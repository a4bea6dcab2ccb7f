-- Refunds: staff give back all or part of what a paid order took, by lines and quantities plus an
-- optional amount, with a reason. M-Pesa and card money goes back through the provider; bank transfers
-- and cash are refunded by hand and recorded with their reference. Stock returns to the sizes sold, the
-- affiliate's commission shrinks in proportion, and the shopper's order page and email say so. The
-- database never lets refunds exceed what was paid.

alter table public.orders
  drop constraint orders_status_check,
  add constraint orders_status_check
    check (status in ('pending', 'confirmed', 'dispatched', 'delivered', 'cancelled', 'refunded')),
  add column refunded_total integer not null default 0,
  add column refunded_at timestamptz,
  add constraint orders_refunds_within_total check (refunded_total between 0 and total);

alter table public.order_items
  add column refunded_quantity integer not null default 0,
  add constraint order_items_refunds_within_quantity check (refunded_quantity between 0 and quantity);

alter table public.commissions
  add column reversed_amount integer not null default 0 check (reversed_amount >= 0);

comment on column public.orders.refunded_total is 'What completed refunds gave back (KES).';
comment on column public.order_items.refunded_quantity is 'Units of the line refunded or being refunded.';
comment on column public.commissions.reversed_amount is 'Commission taken back by refunds; amount is what is left.';

/**
 * One refund of an order. `lines` lists the order lines and quantities it covers
 * ([{ "lineNo": 1, "quantity": 1 }]); `amount` is their value plus any extra amount staff added (the
 * delivery fee, a goodwill sum). A refund through the provider (M-Pesa, card) is pending until the
 * provider answers; a manual one (bank, cash) is completed when recorded. A pending or completed refund
 * counts against what is left to refund; a failed one gives its lines back.
 */
create table public.refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders on delete cascade,
  amount integer not null check (amount > 0),
  extra_amount integer not null default 0 check (extra_amount >= 0),
  lines jsonb not null default '[]'::jsonb check (jsonb_typeof(lines) = 'array'),
  reason text not null check (char_length(reason) between 3 and 500),
  method text not null check (method in ('mpesa', 'card', 'bank', 'cod')),
  channel text not null check (channel in ('provider', 'manual')),
  reference text check (char_length(reference) <= 64),
  status text not null default 'pending' check (status in ('pending', 'completed', 'failed')),
  failure text check (char_length(failure) <= 500),
  created_by uuid default auth.uid() references auth.users on delete set null,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint refunds_manual_has_reference check (channel = 'provider' or reference is not null)
);
alter table public.refunds enable row level security;

create index refunds_order_id_idx on public.refunds (order_id, created_at);
create index refunds_created_by_idx on public.refunds (created_by);

create trigger refunds_touch_updated_at
  before update on public.refunds
  for each row execute function private.touch_updated_at();

create trigger audit after insert or update or delete on public.refunds
  for each row execute function private.audit_row_change('order', 'order_id');

revoke all on table public.refunds from anon, authenticated, service_role;
grant select on table public.refunds to authenticated;
grant select, insert, update, delete on table public.refunds to service_role;

create policy "Shoppers can see the refunds of their own orders"
  on public.refunds for select to authenticated
  using (order_id in (select o.id from public.orders o where o.user_id = (select auth.uid())));

create policy "Staff can see every refund"
  on public.refunds for select to authenticated
  using ((select public.has_role('manager')));

/**
 * What a refund did once its money went back: the units return to stock (into the sizes sold; not when
 * the order was cancelled before the refund, as its stock went back then), the order's refunded total grows, the
 * commission keeps only its share of what is still paid, and the shopper is emailed. Refunding
 * everything makes the order and its payment `refunded`. The caller holds the order's row lock.
 */
create function private.apply_refund(refund_id uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  r public.refunds;
  o public.orders;
  paid integer;
  left_paid integer;
begin
  select * into r from public.refunds where refunds.id = refund_id;
  select * into o from public.orders where orders.id = r.order_id;

  -- A cancelled order's stock went back when it was cancelled, except the units this refund held then.
  if o.cancelled_at is null or o.cancelled_at > r.created_at then
    -- Products first, then their size rows: the lock order place_order keeps.
    update public.products p
    set stock = p.stock + returned.quantity
    from (
      select i.product_id, sum((l ->> 'quantity')::integer)::integer as quantity
      from jsonb_array_elements(r.lines) l
      join public.order_items i on i.order_id = o.id and i.line_no = (l ->> 'lineNo')::integer
      where i.product_id is not null
      group by i.product_id
    ) as returned
    where p.id = returned.product_id;

    insert into public.product_sizes as s (product_id, size, stock)
    select i.product_id, i.size, sum((l ->> 'quantity')::integer)::integer
    from jsonb_array_elements(r.lines) l
    join public.order_items i on i.order_id = o.id and i.line_no = (l ->> 'lineNo')::integer
    join public.products p on p.id = i.product_id
    where i.size is not null
      and i.size = any (p.sizes)
      and exists (select 1 from public.product_sizes t where t.product_id = i.product_id)
    group by i.product_id, i.size
    order by i.product_id, i.size
    on conflict (product_id, size) do update set stock = s.stock + excluded.stock;
  end if;

  paid := (select p.amount from public.payments p where p.order_id = o.id and p.status = 'paid');
  left_paid := greatest(paid - o.refunded_total - r.amount, 0);

  -- The commission keeps its share of what is still paid: amount + reversed_amount is what it was.
  update public.commissions c
  set amount = floor((c.amount + c.reversed_amount)::numeric * left_paid / paid)::integer,
    reversed_amount = (c.amount + c.reversed_amount) - floor((c.amount + c.reversed_amount)::numeric * left_paid / paid)::integer,
    status = case when left_paid = 0 then 'reversed' else c.status end
  where c.order_id = o.id and c.status in ('pending', 'approved');

  update public.orders
  set refunded_total = refunded_total + r.amount,
    refunded_at = now(),
    status = case when left_paid = 0 then 'refunded' else status end,
    payment_status = case when left_paid = 0 then 'refunded' else payment_status end
  where orders.id = o.id;

  perform private.queue_order_email(o.id,
    format('Order %s: KSh %s refunded', o.order_number, to_char(r.amount, 'FM999,999,999')),
    format(E'We have refunded KSh %s %s.\n\nReason: %s%s%s',
      to_char(r.amount, 'FM999,999,999'),
      case r.method
        when 'mpesa' then 'to your M-Pesa'
        when 'card' then 'to your card'
        when 'bank' then 'by bank transfer'
        else 'to you'
      end,
      r.reason,
      case when r.reference is not null then format(E'\nReference: %s', r.reference) else '' end,
      case when left_paid = 0 then E'\n\nThe whole order is now refunded.'
        else format(E'\n\nKSh %s of your payment remains on the order.', to_char(left_paid, 'FM999,999,999')) end),
    'order_refunded');
end;
$$;
revoke all on function private.apply_refund(uuid) from public, anon, authenticated, service_role;

/**
 * Staff refund a paid order: `lines` the order lines and quantities to refund ([{ lineNo, quantity }],
 * possibly none), `extra_amount` any further sum (the delivery fee, goodwill), `reason` why. Admins only,
 * as with every payment out of the shop. The order's row is locked, so refunds at the same moment take
 * turns and never exceed what was paid, nor refund a unit twice. M-Pesa and card refunds are recorded
 * pending for the payments function to send through the provider; bank and cash refunds, and any
 * refund staff made `by_hand` (the provider could not), need their `reference` (the bank's, or the
 * M-Pesa code of the money sent).
 */
create function public.refund_order(
  order_id uuid,
  lines jsonb,
  extra_amount integer,
  reason text,
  reference text default null,
  by_hand boolean default false
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
  why text := nullif(regexp_replace(btrim(refund_order.reason), '\s+', ' ', 'g'), '');
  ref text := nullif(upper(btrim(refund_order.reference)), '');
  extra integer := coalesce(refund_order.extra_amount, 0);
  paid integer;
  committed integer;
  refund_amount integer := 0;
  wanted jsonb := coalesce(refund_order.lines, '[]'::jsonb);
  line jsonb;
  item public.order_items;
  want_line integer;
  want_qty integer;
  net integer;
  seen integer[] := '{}';
  manual boolean;
  new_refund public.refunds;
begin
  if not (coalesce(auth.role() = 'service_role', false) or public.has_role('admin')) then
    raise exception using errcode = '42501', message = 'Only an admin can refund an order.';
  end if;

  select * into o from public.orders where orders.id = refund_order.order_id for update;
  if not found then
    perform private.refuse('404', 'order_not_found', 'We could not find that order.');
  end if;
  paid := (select p.amount from public.payments p where p.order_id = o.id and p.status = 'paid');
  if paid is null or o.payment_status <> 'paid' then
    perform private.refuse('409', 'not_paid', case when o.payment_status = 'refunded'
      then 'This order is already refunded in full.' else 'This order is not paid, so there is nothing to refund.' end);
  end if;
  if why is null or char_length(why) not between 3 and 500 then
    perform private.refuse('400', 'invalid_reason', 'Give the reason for the refund (3 to 500 characters).',
      jsonb_build_object('field', 'reason'));
  end if;
  if extra < 0 then
    perform private.refuse('400', 'invalid_amount', 'The extra amount cannot be negative.',
      jsonb_build_object('field', 'extraAmount'));
  end if;
  if jsonb_typeof(wanted) <> 'array' or jsonb_array_length(wanted) > 50 then
    perform private.refuse('400', 'invalid_lines', 'Choose the order lines to refund.',
      jsonb_build_object('field', 'lines'));
  end if;

  for line in select value from jsonb_array_elements(wanted) loop
    if jsonb_typeof(line) <> 'object' or jsonb_typeof(line -> 'lineNo') <> 'number'
      or jsonb_typeof(line -> 'quantity') <> 'number'
      or (line ->> 'lineNo') !~ '^\d{1,3}$' or (line ->> 'quantity') !~ '^\d{1,3}$'
    then
      perform private.refuse('400', 'invalid_lines', 'Each refunded line needs its line number and a whole quantity.',
        jsonb_build_object('field', 'lines'));
    end if;
    want_line := (line ->> 'lineNo')::integer;
    want_qty := (line ->> 'quantity')::integer;
    if want_line = any (seen) then
      perform private.refuse('400', 'invalid_lines', 'Each line can appear once in a refund.',
        jsonb_build_object('field', 'lines'));
    end if;
    seen := seen || want_line;
    select * into item from public.order_items i where i.order_id = o.id and i.line_no = want_line;
    if not found then
      perform private.refuse('400', 'invalid_lines', format('The order has no line %s.', want_line),
        jsonb_build_object('field', 'lines'));
    end if;
    if want_qty < 1 or item.refunded_quantity + want_qty > item.quantity then
      perform private.refuse('409', 'over_refund_quantity',
        format('Only %s of "%s" can still be refunded.', item.quantity - item.refunded_quantity, item.name),
        jsonb_build_object('field', 'lines', 'lineNo', want_line));
    end if;
    -- What the shopper paid for these units (after every discount), so that refunding a whole line,
    -- in one go or bit by bit, gives back exactly what it cost.
    net := item.line_total - item.code_discount;
    refund_amount := refund_amount
      + floor(net::numeric * (item.refunded_quantity + want_qty) / item.quantity)::integer
      - floor(net::numeric * item.refunded_quantity / item.quantity)::integer;
    update public.order_items i set refunded_quantity = i.refunded_quantity + want_qty where i.id = item.id;
  end loop;

  refund_amount := refund_amount + extra;
  if refund_amount <= 0 then
    perform private.refuse('400', 'nothing_to_refund', 'Choose the items to refund or enter an amount.',
      jsonb_build_object('field', 'lines'));
  end if;
  committed := coalesce((select sum(r.amount) from public.refunds r
    where r.order_id = o.id and r.status in ('pending', 'completed')), 0);
  if committed + refund_amount > paid then
    perform private.refuse('409', 'over_refund',
      format('That is more than is left to refund: KSh %s of KSh %s paid.',
        to_char(paid - committed, 'FM999,999,999'), to_char(paid, 'FM999,999,999')),
      jsonb_build_object('left', paid - committed, 'asked', refund_amount));
  end if;

  manual := o.payment_method in ('bank', 'cod') or coalesce(refund_order.by_hand, false);
  if manual and (ref is null or ref !~ '^[A-Z0-9][A-Z0-9 /-]{3,63}$') then
    perform private.refuse('400', 'invalid_reference',
      'Enter the reference of the refund you made (the bank''s, or the M-Pesa code of the money sent).',
      jsonb_build_object('field', 'reference'));
  end if;

  insert into public.refunds (order_id, amount, extra_amount, lines, reason, method, channel, reference,
    status, completed_at)
  values (o.id, refund_amount, extra, wanted, why, o.payment_method,
    case when manual then 'manual' else 'provider' end,
    case when manual then ref end,
    case when manual then 'completed' else 'pending' end,
    case when manual then now() end)
  returning * into new_refund;

  if manual then
    perform private.apply_refund(new_refund.id);
  end if;

  return private.refund_json(new_refund.id);
end;
$$;

revoke all on function public.refund_order(uuid, jsonb, integer, text, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.refund_order(uuid, jsonb, integer, text, text, boolean) to authenticated, service_role;

/** A refund as staff and the payments function see it. */
create function private.refund_json(target uuid)
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'id', r.id,
    'orderId', r.order_id,
    'orderNumber', o.order_number,
    'amount', r.amount,
    'extraAmount', r.extra_amount,
    'lines', r.lines,
    'reason', r.reason,
    'method', r.method,
    'channel', r.channel,
    'reference', r.reference,
    'status', r.status,
    'failure', r.failure,
    'createdAt', r.created_at,
    'completedAt', r.completed_at,
    -- What the provider needs to send the money back: the payment it reverses.
    'payment', (select json_build_object('receipt', coalesce(p.mpesa_receipt, p.reference), 'phone', p.phone,
        'amount', p.amount, 'provider', p.provider)
      from public.payments p where p.order_id = r.order_id and p.status = 'paid'),
    'order', json_build_object('status', o.status, 'paymentStatus', o.payment_status,
      'total', o.total, 'refundedTotal', o.refunded_total)
  )
  from public.refunds r
  join public.orders o on o.id = r.order_id
  where r.id = target
$$;
revoke all on function private.refund_json(uuid) from public, anon, authenticated, service_role;

/**
 * The payments function records what the provider said about a pending refund: sent (with the
 * provider's reference), and the refund takes effect; or refused, and its amount and lines are free to
 * refund again. A refund already settled is returned unchanged.
 */
create function public.record_refund_result(
  refund_id uuid,
  succeeded boolean,
  reference text default null,
  failure text default null
)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.refunds;
  owner uuid;
begin
  select refunds.order_id into owner from public.refunds where refunds.id = record_refund_result.refund_id;
  if not found then
    perform private.refuse('404', 'refund_not_found', 'We could not find that refund.');
  end if;
  -- The order's lock first, as refund_order takes it.
  perform 1 from public.orders where orders.id = owner for update;
  select * into r from public.refunds where refunds.id = record_refund_result.refund_id for update;
  if r.status <> 'pending' then
    return private.refund_json(r.id);
  end if;

  if succeeded then
    update public.refunds
    set status = 'completed', completed_at = now(),
      reference = left(nullif(btrim(record_refund_result.reference), ''), 64)
    where refunds.id = r.id;
    perform private.apply_refund(r.id);
  else
    update public.refunds
    set status = 'failed', failure = left(coalesce(nullif(btrim(record_refund_result.failure), ''),
      'The provider refused the refund.'), 500)
    where refunds.id = r.id;
    update public.order_items i
    set refunded_quantity = i.refunded_quantity - (l ->> 'quantity')::integer
    from jsonb_array_elements(r.lines) l
    where i.order_id = r.order_id and i.line_no = (l ->> 'lineNo')::integer;
  end if;
  return private.refund_json(r.id);
end;
$$;
revoke all on function public.record_refund_result(uuid, boolean, text, text) from public, anon, authenticated, service_role;
grant execute on function public.record_refund_result(uuid, boolean, text, text) to service_role;

/** The order as its shopper and the checkout see it, with dispatch details and refunds. */
create or replace function private.order_json(target uuid)
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'id', o.id,
    'orderNumber', o.order_number,
    'clientOrderId', o.client_order_id,
    'status', o.status,
    'paymentStatus', o.payment_status,
    'paymentMethod', o.payment_method,
    'currency', 'KES',
    'subtotal', o.subtotal,
    'discountTotal', o.discount_total,
    'discountCodes', o.discount_codes,
    'codeDiscount', o.code_discount,
    'deliveryFee', o.delivery_fee,
    'total', o.total,
    'accessToken', o.access_token,
    'contact', json_build_object('name', o.customer_name, 'email', o.email, 'phone', o.phone),
    'delivery', json_build_object(
      'method', o.delivery_method,
      'county', o.county,
      'town', o.town,
      'street', o.street,
      'note', o.rider_note,
      'pickupPoint', o.pickup_point,
      'pickupPointName', (select pp.name from public.pickup_points pp where pp.id = o.pickup_point)
    ),
    'affiliateCode', case when o.affiliate_id is not null then o.affiliate_code end,
    'items', (
      select coalesce(json_agg(json_build_object(
        'productId', i.product_id,
        'name', i.name,
        'size', i.size,
        'color', i.color,
        'quantity', i.quantity,
        'price', i.unit_price,
        'discount', i.discount,
        'unitPrice', i.discounted_unit_price,
        'lineTotal', i.line_total,
        'codeDiscount', i.code_discount
      ) order by i.line_no), '[]'::json)
      from public.order_items i
      where i.order_id = o.id
    ),
    'payment', (
      select json_build_object(
        'status', p.status,
        'resultDesc', p.result_desc,
        'receipt', coalesce(p.mpesa_receipt, p.reference),
        'amount', p.amount,
        'updatedAt', p.updated_at
      )
      from public.payments p
      where p.order_id = o.id
      order by (p.status = 'paid') desc, p.created_at desc
      limit 1
    ),
    'paymentDueAt', o.payment_due_at,
    'bankTransfer', case when o.payment_method = 'bank' then (
      select json_build_object('bankName', s.bank_name, 'accountName', s.bank_account_name,
        'accountNumber', s.bank_account_number, 'branch', s.bank_branch, 'swift', s.bank_swift,
        'reference', o.order_number)
      from public.store_settings s) end,
    'dispatch', case when o.dispatched_at is not null then json_build_object(
      'courier', o.courier, 'tracking', o.tracking, 'dispatchedAt', o.dispatched_at) end,
    'deliveredAt', o.delivered_at,
    'cancelledAt', o.cancelled_at,
    'refundedTotal', o.refunded_total,
    -- Only refunds whose money went back: a pending one may still be refused by the provider.
    'refunds', (
      select coalesce(json_agg(json_build_object(
        'amount', r.amount,
        'reason', r.reason,
        'method', r.method,
        'reference', r.reference,
        'refundedAt', r.completed_at
      ) order by r.completed_at), '[]'::json)
      from public.refunds r
      where r.order_id = o.id and r.status = 'completed'
    ),
    'createdAt', o.created_at,
    'updatedAt', o.updated_at
  )
  from public.orders o
  where o.id = target
$$;
