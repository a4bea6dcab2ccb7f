-- After checkout: payments settle, staff move orders along, affiliates earn and get paid.

/**
 * What an affiliate earned on one order: a share of the goods total (after discounts, without delivery)
 * once the order is paid. pending → approved when delivered → paid in a payout; reversed when the order
 * is cancelled. One commission per order at most.
 */
create table public.commissions (
  id uuid primary key default gen_random_uuid(),
  affiliate_id uuid not null references public.affiliates on delete cascade,
  order_id uuid not null unique references public.orders on delete cascade,
  commission_percent integer not null check (commission_percent between 0 and 50),
  base_amount integer not null check (base_amount >= 0),
  amount integer not null check (amount >= 0),
  status text not null default 'pending' check (status in ('pending', 'approved', 'paid', 'reversed')),
  payout_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.commissions enable row level security;

create index commissions_affiliate_id_idx on public.commissions (affiliate_id, status);
create index commissions_payout_id_idx on public.commissions (payout_id);

create trigger commissions_touch_updated_at
  before update on public.commissions
  for each row execute function private.touch_updated_at();

/** Money sent to an affiliate for their approved commissions. Admins only: managers never see payouts. */
create table public.payouts (
  id uuid primary key default gen_random_uuid(),
  affiliate_id uuid not null references public.affiliates on delete restrict,
  amount integer not null check (amount > 0),
  mpesa_reference text unique check (char_length(mpesa_reference) <= 40),
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed')),
  note text check (char_length(note) <= 500),
  created_by uuid default auth.uid() references auth.users on delete set null,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.payouts enable row level security;

create index payouts_affiliate_id_idx on public.payouts (affiliate_id, created_at desc);
create index payouts_created_by_idx on public.payouts (created_by);

alter table public.commissions
  add constraint commissions_payout_id_fkey foreign key (payout_id) references public.payouts on delete set null;

create trigger payouts_touch_updated_at
  before update on public.payouts
  for each row execute function private.touch_updated_at();

revoke all on table public.commissions from anon, authenticated, service_role;
grant select on table public.commissions to authenticated;
grant select, insert, update, delete on table public.commissions to service_role;

create policy "Affiliates can see their own commissions"
  on public.commissions for select to authenticated
  using (affiliate_id in (select a.id from public.affiliates a where a.user_id = (select auth.uid())));

create policy "Staff can see every commission"
  on public.commissions for select to authenticated
  using ((select public.has_role('manager')));

revoke all on table public.payouts from anon, authenticated, service_role;
grant select on table public.payouts to authenticated;
grant insert (affiliate_id, amount, mpesa_reference, status, note, paid_at) on table public.payouts to authenticated;
grant update (mpesa_reference, status, note, paid_at) on table public.payouts to authenticated;
grant select, insert, update, delete on table public.payouts to service_role;

create policy "Affiliates can see their own payouts"
  on public.payouts for select to authenticated
  using (affiliate_id in (select a.id from public.affiliates a where a.user_id = (select auth.uid())));

create policy "Admins can see every payout"
  on public.payouts for select to authenticated
  using ((select public.has_role('admin')));

create policy "Admins can record payouts"
  on public.payouts for insert to authenticated
  with check ((select public.has_role('admin')));

create policy "Admins can edit payouts"
  on public.payouts for update to authenticated
  using ((select public.has_role('admin')))
  with check ((select public.has_role('admin')));

/** Who may act as staff here: a manager or admin by JWT, or the server itself with the service key. */
create function private.is_staff_or_service()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(auth.role() = 'service_role', false) or public.has_role('manager')
$$;

/**
 * Creates the commission for a paid order that a valid affiliate referred (approved, not the buyer,
 * order not cancelled). Safe to call twice: one commission per order.
 */
create function private.create_commission(target uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  o public.orders;
  a public.affiliates;
begin
  select * into o from public.orders where id = target;
  if o.affiliate_id is null or o.payment_status <> 'paid' or o.status = 'cancelled' then
    return;
  end if;
  select * into a from public.affiliates where id = o.affiliate_id;
  if a.status <> 'approved' or a.user_id is not distinct from o.user_id then
    return;
  end if;
  insert into public.commissions (affiliate_id, order_id, commission_percent, base_amount, amount, status)
  values (a.id, o.id, a.commission_percent, o.subtotal - o.discount_total,
    floor((o.subtotal - o.discount_total) * a.commission_percent / 100.0)::integer,
    case when o.status = 'delivered' then 'approved' else 'pending' end)
  on conflict (order_id) do nothing;
end;
$$;

/**
 * Records that an M-Pesa STK push was sent for an order (the payments function calls it with the
 * provider's ids after the push is accepted). The amount is always the order total. Calling it again
 * with the same checkout request id returns the same payment.
 */
create function public.record_payment_request(
  order_id uuid,
  phone text,
  checkout_request_id text,
  merchant_request_id text default null
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
  p public.payments;
  normalized_phone text := private.normalize_ke_phone(record_payment_request.phone);
begin
  select * into p from public.payments where payments.checkout_request_id = record_payment_request.checkout_request_id;
  if found then
    if p.order_id <> record_payment_request.order_id then
      perform private.refuse('409', 'checkout_request_reused', 'This payment request belongs to another order.');
    end if;
  else
    select * into o from public.orders where orders.id = record_payment_request.order_id for update;
    if not found then
      perform private.refuse('404', 'order_not_found', 'We could not find that order.');
    end if;
    if o.payment_method <> 'mpesa' then
      perform private.refuse('409', 'not_mpesa', 'This order is paid in cash on delivery.');
    end if;
    if o.status = 'cancelled' then
      perform private.refuse('409', 'order_cancelled', 'This order was cancelled.');
    end if;
    if o.payment_status = 'paid' then
      perform private.refuse('409', 'already_paid', 'This order is already paid.');
    end if;
    if normalized_phone is null then
      perform private.refuse('400', 'invalid_phone',
        'Please enter a valid Kenyan mobile number, for example 0712 345 678.');
    end if;
    if coalesce(btrim(record_payment_request.checkout_request_id), '') = '' then
      perform private.refuse('400', 'invalid_checkout_request', 'The checkout request id is missing.');
    end if;

    insert into public.payments (order_id, provider, phone, checkout_request_id, merchant_request_id, amount)
    values (o.id, 'mpesa', normalized_phone, record_payment_request.checkout_request_id,
      record_payment_request.merchant_request_id, o.total)
    returning * into p;

    update public.orders set payment_status = 'pending' where orders.id = o.id and payment_status <> 'pending';
  end if;

  return json_build_object(
    'paymentId', p.id,
    'orderId', p.order_id,
    'orderNumber', (select orders.order_number from public.orders where orders.id = p.order_id),
    'amount', p.amount,
    'phone', p.phone,
    'status', p.status
  );
end;
$$;

/**
 * Settles an M-Pesa payment from the provider's callback. result_code 0 → paid (the order becomes paid,
 * a pending order is confirmed, and a referral earns its commission); 1032 → cancelled (the shopper
 * dismissed the prompt); anything else → failed. A payment settles once: repeated callbacks change
 * nothing and get the same answer. A second successful payment for an already paid order is kept as
 * failed with its receipt, so staff can refund it.
 */
create function public.record_payment_result(
  checkout_request_id text,
  result_code integer,
  result_desc text default null,
  mpesa_receipt text default null,
  amount integer default null,
  raw_callback jsonb default null
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
  select * into p
  from public.payments
  where payments.checkout_request_id = record_payment_result.checkout_request_id
  for update;
  if not found then
    perform private.refuse('404', 'payment_not_found', 'No payment was started with this checkout request id.');
  end if;

  if p.status = 'pending' then
    select * into o from public.orders where orders.id = p.order_id for update;
    outcome := case
      when record_payment_result.result_code = 0 then 'paid'
      when record_payment_result.result_code = 1032 then 'cancelled'
      else 'failed'
    end;

    if outcome = 'paid' and record_payment_result.amount is not null
      and record_payment_result.amount <> p.amount
    then
      perform private.refuse('409', 'amount_mismatch', format(
        'The paid amount (%s) does not match the amount requested (%s).', record_payment_result.amount, p.amount));
    end if;

    if outcome = 'paid' and o.payment_status = 'paid' then
      update public.payments
      set status = 'failed',
        result_code = record_payment_result.result_code,
        result_desc = 'Duplicate payment: the order was already paid. Refund due.',
        mpesa_receipt = record_payment_result.mpesa_receipt,
        raw_callback = record_payment_result.raw_callback
      where payments.id = p.id
      returning * into p;
    else
      update public.payments
      set status = outcome,
        result_code = record_payment_result.result_code,
        result_desc = record_payment_result.result_desc,
        mpesa_receipt = record_payment_result.mpesa_receipt,
        raw_callback = record_payment_result.raw_callback,
        paid_at = case when outcome = 'paid' then now() end
      where payments.id = p.id
      returning * into p;

      if outcome = 'paid' then
        update public.orders
        set payment_status = 'paid',
          paid_at = now(),
          status = case when status = 'pending' then 'confirmed' else status end,
          confirmed_at = case when status = 'pending' then now() else confirmed_at end
        where orders.id = o.id;
        perform private.create_commission(o.id);
      elsif o.payment_status <> 'paid' then
        update public.orders set payment_status = outcome where orders.id = o.id;
      end if;
    end if;
  end if;

  select * into o from public.orders where orders.id = p.order_id;
  return json_build_object(
    'paymentId', p.id,
    'orderId', o.id,
    'orderNumber', o.order_number,
    'paymentStatus', p.status,
    'resultDesc', p.result_desc,
    'orderStatus', o.status,
    'orderPaymentStatus', o.payment_status
  );
end;
$$;

/**
 * Staff move an order along: pending → confirmed → dispatched → delivered, or cancelled before
 * delivery. An M-Pesa order ships only once paid. Delivering a cash order records its payment.
 * Delivering approves the commission; cancelling puts the stock back and reverses the commission.
 * Setting the status an order already has changes nothing.
 */
create function public.set_order_status(order_id uuid, status text)
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
  if next_status = 'dispatched' and o.payment_method = 'mpesa' and o.payment_status <> 'paid' then
    perform private.refuse('409', 'not_paid', 'This order is not paid yet.');
  end if;

  if next_status = 'cancelled' then
    update public.products p
    set stock = p.stock + returned.quantity
    from (
      select i.product_id, sum(i.quantity)::integer as quantity
      from public.order_items i
      where i.order_id = o.id and i.product_id is not null
      group by i.product_id
    ) as returned
    where p.id = returned.product_id;

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

/** Staff approve, suspend or re-rate an affiliate. */
create function public.review_affiliate(affiliate_id uuid, status text, commission_percent integer default null)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  a public.affiliates;
begin
  if not private.is_staff_or_service() then
    raise exception using errcode = '42501', message = 'Only staff can review affiliates.';
  end if;
  if review_affiliate.status is null or review_affiliate.status not in ('pending', 'approved', 'suspended') then
    perform private.refuse('400', 'invalid_status', 'That is not an affiliate status.');
  end if;
  if review_affiliate.commission_percent is not null
    and review_affiliate.commission_percent not between 0 and 50
  then
    perform private.refuse('400', 'invalid_commission', 'The commission must be between 0 and 50 percent.');
  end if;

  update public.affiliates
  set status = review_affiliate.status,
    commission_percent = coalesce(review_affiliate.commission_percent, commission_percent),
    approved_at = case
      when review_affiliate.status = 'approved' then coalesce(approved_at, now())
      else approved_at
    end
  where affiliates.id = review_affiliate.affiliate_id
  returning * into a;
  if not found then
    perform private.refuse('404', 'affiliate_not_found', 'We could not find that affiliate.');
  end if;
  return row_to_json(a);
end;
$$;

/**
 * Admin pays an affiliate everything approved and not yet paid, in one payout, and marks those
 * commissions paid. Managers cannot: payouts are admin-only.
 */
create function public.create_payout(affiliate_id uuid, mpesa_reference text default null, note text default null)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  due integer;
  new_payout public.payouts;
begin
  if not (coalesce(auth.role() = 'service_role', false) or public.has_role('admin')) then
    raise exception using errcode = '42501', message = 'Only admins can pay affiliates.';
  end if;
  perform 1 from public.affiliates where affiliates.id = create_payout.affiliate_id for update;
  if not found then
    perform private.refuse('404', 'affiliate_not_found', 'We could not find that affiliate.');
  end if;

  select coalesce(sum(c.amount), 0) into due
  from public.commissions c
  where c.affiliate_id = create_payout.affiliate_id and c.status = 'approved' and c.payout_id is null;
  if due <= 0 then
    perform private.refuse('409', 'nothing_due', 'This affiliate has no approved commission to pay.');
  end if;

  insert into public.payouts (affiliate_id, amount, mpesa_reference, status, note, created_by, paid_at)
  values (create_payout.affiliate_id, due, nullif(btrim(create_payout.mpesa_reference), ''),
    case when nullif(btrim(create_payout.mpesa_reference), '') is not null then 'paid' else 'pending' end,
    create_payout.note, auth.uid(),
    case when nullif(btrim(create_payout.mpesa_reference), '') is not null then now() end)
  returning * into new_payout;

  update public.commissions c
  set status = 'paid', payout_id = new_payout.id
  where c.affiliate_id = create_payout.affiliate_id and c.status = 'approved' and c.payout_id is null;

  return row_to_json(new_payout);
end;
$$;

revoke all on function private.is_staff_or_service() from public, anon, authenticated, service_role;
revoke all on function private.create_commission(uuid) from public, anon, authenticated, service_role;

revoke all on function public.record_payment_request(uuid, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.record_payment_request(uuid, text, text, text) to service_role;

revoke all on function public.record_payment_result(text, integer, text, text, integer, jsonb)
  from public, anon, authenticated, service_role;
grant execute on function public.record_payment_result(text, integer, text, text, integer, jsonb) to service_role;

revoke all on function public.set_order_status(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.set_order_status(uuid, text) to authenticated, service_role;

revoke all on function public.review_affiliate(uuid, text, integer) from public, anon, authenticated, service_role;
grant execute on function public.review_affiliate(uuid, text, integer) to authenticated, service_role;

revoke all on function public.create_payout(uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function public.create_payout(uuid, text, text) to authenticated, service_role;
