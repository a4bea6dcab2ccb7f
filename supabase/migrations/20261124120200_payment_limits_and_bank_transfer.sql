-- Paying at any amount: M-Pesa's per-payment limit and the cash ceiling in the store config, and bank
-- transfer (the order waits with the bank details and its number as the reference; staff mark the money
-- received; an order unpaid by its deadline is released).

alter table public.store_settings
  add column mpesa_max_amount integer not null default 250000 check (mpesa_max_amount > 0),
  add column cod_max_amount integer not null default 50000 check (cod_max_amount > 0),
  add column bank_transfer_days integer not null default 3 check (bank_transfer_days between 1 and 30),
  add column bank_name text not null default 'Equity Bank Kenya',
  add column bank_account_name text not null default 'Luxe Kenya Ltd',
  add column bank_account_number text not null default '1180 2799 6541 0',
  add column bank_branch text not null default 'Westlands, Nairobi',
  add column bank_swift text not null default 'EQBLKENA';

grant update (mpesa_max_amount, cod_max_amount, bank_transfer_days, bank_name, bank_account_name,
  bank_account_number, bank_branch, bank_swift)
  on table public.store_settings to authenticated;

alter table public.orders
  drop constraint orders_payment_method_check,
  add constraint orders_payment_method_check check (payment_method in ('mpesa', 'cod', 'bank')),
  add column payment_due_at timestamptz;

alter table public.payments
  drop constraint payments_provider_check,
  add constraint payments_provider_check check (provider in ('mpesa', 'cod', 'bank')),
  add column reference text check (char_length(reference) <= 64);

create index orders_payment_due_idx on public.orders (payment_due_at)
  where payment_method = 'bank' and payment_status = 'pending';

create or replace function private.normalize_order_request(payload jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  contact jsonb;
  contact_name text;
  contact_email text;
  contact_phone text;
  payment_method text;
  affiliate_code text;
  captured_at timestamptz;
  lifetime integer;
  items jsonb;
  delivery jsonb;
begin
  if payload is null or jsonb_typeof(payload) <> 'object' then
    perform private.refuse('400', 'invalid_request', 'The order request must be a JSON object.');
  end if;
  perform private.assert_no_forbidden_keys(payload);

  if jsonb_typeof(payload -> 'clientOrderId') is distinct from 'string'
    or (payload ->> 'clientOrderId') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  then
    perform private.refuse('400', 'invalid_client_order_id', 'clientOrderId must be a UUID.',
      jsonb_build_object('field', 'clientOrderId'));
  end if;

  items := private.normalize_cart_items(payload -> 'items');

  contact := payload -> 'contact';
  if contact is null or jsonb_typeof(contact) <> 'object' then
    perform private.refuse('400', 'invalid_contact', 'Please enter your contact details.',
      jsonb_build_object('field', 'contact'));
  end if;
  contact_name := case when jsonb_typeof(contact -> 'name') = 'string' then btrim(contact ->> 'name') end;
  if contact_name is null or char_length(contact_name) not between 1 and 100 then
    perform private.refuse('400', 'invalid_name', 'Please enter your name.',
      jsonb_build_object('field', 'contact.name'));
  end if;
  contact_email := case
    when jsonb_typeof(contact -> 'email') = 'string' then nullif(lower(btrim(contact ->> 'email')), '')
  end;
  if contact_email is not null
    and (char_length(contact_email) > 254 or contact_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')
  then
    perform private.refuse('400', 'invalid_email', 'Please enter a valid email address.',
      jsonb_build_object('field', 'contact.email'));
  end if;
  contact_phone := case
    when jsonb_typeof(contact -> 'phone') = 'string' then private.normalize_ke_phone(contact ->> 'phone')
  end;
  if contact_phone is null then
    perform private.refuse('400', 'invalid_phone',
      'Please enter a valid Kenyan mobile number, for example 0712 345 678.',
      jsonb_build_object('field', 'contact.phone'));
  end if;

  delivery := private.normalize_delivery(payload -> 'delivery');

  payment_method := case
    when jsonb_typeof(payload -> 'paymentMethod') = 'string' then payload ->> 'paymentMethod'
  end;
  if payment_method is null or payment_method not in ('mpesa', 'cod', 'bank') then
    perform private.refuse('400', 'invalid_payment_method',
      'Please choose M-Pesa, bank transfer or cash on delivery.',
      jsonb_build_object('field', 'paymentMethod'));
  end if;

  -- A referral code is a bonus, never a reason to refuse an order: anything odd is dropped, and so is
  -- a code captured longer ago than the programme allows.
  if jsonb_typeof(payload -> 'affiliateCode') = 'string' then
    affiliate_code := lower(btrim(payload ->> 'affiliateCode'));
    if char_length(affiliate_code) > 32 or affiliate_code !~ '^[a-z0-9][a-z0-9-]{2,31}$' then
      affiliate_code := null;
    end if;
  end if;
  if affiliate_code is not null and jsonb_typeof(payload -> 'affiliateCapturedAt') = 'string' then
    begin
      captured_at := (payload ->> 'affiliateCapturedAt')::timestamptz;
    exception when others then
      captured_at := null;
    end;
    select s.affiliate_code_lifetime_days into lifetime from public.store_settings s;
    if captured_at is null or captured_at < now() - make_interval(days => lifetime) then
      affiliate_code := null;
    end if;
  end if;

  return jsonb_build_object(
    'clientOrderId', lower(payload ->> 'clientOrderId'),
    'items', items,
    'contact', jsonb_build_object('name', contact_name, 'email', contact_email, 'phone', contact_phone),
    'delivery', delivery,
    'paymentMethod', payment_method,
    'affiliateCode', affiliate_code
  );
end;
$$;


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
    'createdAt', o.created_at,
    'updatedAt', o.updated_at
  )
  from public.orders o
  where o.id = target
$$;

/**
 * The only way to create an order (see the earlier definition for the whole contract). Also refuses a
 * payment method the total is over the ceiling of (M-Pesa's per-payment limit, the cash ceiling), and
 * gives a bank-transfer order its payment deadline.
 */
create or replace function public.place_order(payload jsonb)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  request jsonb;
  request_hash text;
  existing public.orders;
  problems jsonb;
  priced record;
  sized record;
  taken integer;
  subtotal integer;
  discount_total integer;
  goods_total integer;
  fee integer;
  order_email text;
  referrer public.affiliates;
  new_order_id uuid;
  failed_constraint text;
  codes text[];
  code_outcome jsonb;
  code_total integer;
  settings public.store_settings;
begin
  -- The buyer is whoever the verified JWT says; a body that claims otherwise is an attack, not a typo.
  if jsonb_typeof(payload) = 'object' then
    if (payload ? 'userId' and (payload ->> 'userId') is distinct from caller::text)
      or (payload ? 'user_id' and (payload ->> 'user_id') is distinct from caller::text)
    then
      raise exception using errcode = '42501', message = 'You can only place orders for yourself.';
    end if;
  end if;

  request := private.normalize_order_request(payload);
  -- Codes join the request (and its hash) only when given, so earlier orders' replays still match.
  codes := private.normalize_discount_codes(payload);
  if cardinality(codes) > 0 then
    request := request || jsonb_build_object('discountCodes', to_jsonb(codes));
  end if;
  request_hash := encode(sha256(convert_to(request::text, 'UTF8')), 'hex');

  select * into existing from public.orders o where o.client_order_id = (request ->> 'clientOrderId')::uuid;
  if found then
    return private.replay_order(existing, request_hash, caller);
  end if;

  order_email := request -> 'contact' ->> 'email';
  if order_email is null and caller is not null then
    select lower(u.email) into order_email from auth.users u where u.id = caller;
  end if;
  if order_email is null then
    perform private.refuse('400', 'invalid_email', 'Please enter a valid email address.',
      jsonb_build_object('field', 'contact.email'));
  end if;

  select coalesce(jsonb_agg(jsonb_build_object(
      'line', l.line, 'productId', l.product_id, 'size', l.size, 'problem', l.problem,
      'available', l.available, 'price', l.unit_price, 'discount', l.discount,
      'unitPrice', l.discounted_unit_price,
      'message', private.line_problem_message(l.problem, l.size, l.color, l.available)
    ) order by l.line) filter (where l.problem is not null), '[]'),
    sum(l.unit_price * l.quantity), sum((l.unit_price - l.discounted_unit_price) * l.quantity)
  into problems, subtotal, discount_total
  from private.price_lines(request -> 'items') l;

  if jsonb_array_length(problems) > 0 then
    perform private.refuse('409', 'cart_conflict',
      'Some items in your cart are no longer available as ordered.', jsonb_build_object('lines', problems));
  end if;

  -- Codes are decided here (locking each code until the order commits). A refused code is answered
  -- without rolling back, so a wrong guess stays counted against whoever made it.
  code_outcome := private.check_discount_codes(codes, request -> 'items', order_email,
    request -> 'contact' ->> 'phone', caller,
    case when jsonb_typeof(payload -> 'deviceId') = 'string' then payload ->> 'deviceId' end, true);
  if not (code_outcome ->> 'ok')::boolean then
    return private.refusal_answer(
      case when code_outcome ->> 'reason' = 'too_many_code_attempts' then 429 else 400 end,
      code_outcome ->> 'reason', code_outcome ->> 'message',
      jsonb_build_object('field', 'discountCodes', 'discountCode', code_outcome ->> 'discountCode'));
  end if;
  code_total := (code_outcome ->> 'codeDiscount')::integer;

  begin
    -- Take stock product by product (in id order, so concurrent orders lock in the same order). The
    -- conditional update is the real guard: if another order got there first, it touches no row.
    for priced in
      select l.product_id, sum(l.quantity)::integer as wanted
      from private.price_lines(request -> 'items') l
      group by l.product_id
      order by l.product_id
    loop
      -- Every stock writer locks a product before its size rows, so orders never wait in a circle.
      perform 1 from public.products p where p.id = priced.product_id and p.active for no key update;
      if found and exists (select 1 from public.product_sizes s where s.product_id = priced.product_id) then
        -- Sold by size: take each chosen size (in size order); the product's total follows its rows.
        for sized in
          select l.size, sum(l.quantity)::integer as wanted
          from private.price_lines(request -> 'items') l
          where l.product_id = priced.product_id
          group by l.size
          order by l.size
        loop
          update public.product_sizes s
          set stock = s.stock - sized.wanted
          where s.product_id = priced.product_id and s.size = sized.size and s.stock >= sized.wanted;
          get diagnostics taken = row_count;
          if taken = 0 then
            select coalesce(jsonb_agg(jsonb_build_object(
                'line', l.line, 'productId', l.product_id, 'size', l.size, 'problem', x.problem,
                'available', l.available, 'price', l.unit_price, 'discount', l.discount,
                'unitPrice', l.discounted_unit_price,
                'message', private.line_problem_message(x.problem, l.size, l.color, l.available)
              ) order by l.line), '[]')
            into problems
            from private.price_lines(request -> 'items') l
            cross join lateral (
              select case
                when l.size is null then 'size_required'
                when l.available = 0 then 'sold_out'
                else 'insufficient_stock'
              end as problem
            ) x
            where l.product_id = priced.product_id and l.size is not distinct from sized.size;
            perform private.refuse('409', 'cart_conflict',
              'Some items in your cart are no longer available as ordered.', jsonb_build_object('lines', problems));
          end if;
        end loop;
      else
        update public.products p
        set stock = p.stock - priced.wanted
        where p.id = priced.product_id and p.active and p.stock >= priced.wanted;
        get diagnostics taken = row_count;
        if taken = 0 then
          select coalesce(jsonb_agg(jsonb_build_object(
              'line', l.line, 'productId', l.product_id, 'size', l.size,
              'problem', case when l.available = 0 then 'sold_out' else 'insufficient_stock' end,
              'available', l.available, 'price', l.unit_price, 'discount', l.discount,
              'unitPrice', l.discounted_unit_price,
              'message', private.line_problem_message(
                case when l.available = 0 then 'sold_out' else 'insufficient_stock' end,
                null, l.color, l.available)
            ) order by l.line), '[]')
          into problems
          from private.price_lines(request -> 'items') l
          where l.product_id = priced.product_id;
          perform private.refuse('409', 'cart_conflict',
            'Some items in your cart are no longer available as ordered.', jsonb_build_object('lines', problems));
        end if;
      end if;
    end loop;

    discount_total := discount_total + code_total;
    goods_total := subtotal - discount_total;
    fee := private.delivery_fee(request -> 'delivery' ->> 'method', request -> 'delivery' ->> 'county',
      goods_total);

    -- Each way to pay has its ceiling: M-Pesa's per-payment limit, and what the store lets a rider carry.
    select * into settings from public.store_settings;
    if request ->> 'paymentMethod' = 'mpesa' and goods_total + fee > settings.mpesa_max_amount then
      perform private.refuse('400', 'mpesa_limit',
        format('M-Pesa takes at most KSh %s in one payment. Please choose bank transfer.',
          to_char(settings.mpesa_max_amount, 'FM999,999,999')),
        jsonb_build_object('field', 'paymentMethod', 'limit', settings.mpesa_max_amount));
    end if;
    if request ->> 'paymentMethod' = 'cod' and goods_total + fee > settings.cod_max_amount then
      perform private.refuse('400', 'cod_limit',
        format('Cash on delivery is for orders up to KSh %s. Please choose another way to pay.',
          to_char(settings.cod_max_amount, 'FM999,999,999')),
        jsonb_build_object('field', 'paymentMethod', 'limit', settings.cod_max_amount));
    end if;

    if request ->> 'affiliateCode' is not null then
      select * into referrer
      from public.affiliates a
      where a.code = request ->> 'affiliateCode' and a.status = 'approved';
      -- No commission for referring yourself: same account, same email or same phone.
      if referrer.id is not null and (
        referrer.user_id = caller
        or referrer.payout_phone = request -> 'contact' ->> 'phone'
        or exists (select 1 from auth.users u where u.id = referrer.user_id and lower(u.email) = order_email)
      ) then
        referrer := null;
      end if;
    end if;

    insert into public.orders (
      client_order_id, request_hash, user_id, customer_name, email, phone, delivery_method, county, town,
      street, rider_note, pickup_point, subtotal, discount_total, delivery_fee, total, payment_method,
      affiliate_code, affiliate_id, discount_codes, code_discount, payment_due_at
    ) values (
      (request ->> 'clientOrderId')::uuid, request_hash, caller, request -> 'contact' ->> 'name',
      order_email, request -> 'contact' ->> 'phone', request -> 'delivery' ->> 'method',
      request -> 'delivery' ->> 'county', request -> 'delivery' ->> 'town',
      request -> 'delivery' ->> 'street', request -> 'delivery' ->> 'note',
      request -> 'delivery' ->> 'pickupPoint', subtotal, discount_total, fee, goods_total + fee,
      request ->> 'paymentMethod', request ->> 'affiliateCode', referrer.id,
      array(select a ->> 'code' from jsonb_array_elements(code_outcome -> 'applied') a), code_total,
      case when request ->> 'paymentMethod' = 'bank'
        then now() + make_interval(days => settings.bank_transfer_days) end
    )
    returning id into new_order_id;

    insert into public.order_items (
      order_id, line_no, product_id, name, size, color, quantity, unit_price, discount,
      discounted_unit_price, line_total, code_discount
    )
    select new_order_id, l.line + 1, l.product_id, l.name, l.size, l.color, l.quantity, l.unit_price,
      l.discount, l.discounted_unit_price, l.line_total, coalesce((code_outcome -> 'lines' ->> l.line)::integer, 0)
    from private.price_lines(request -> 'items') l;

    insert into public.discount_redemptions (code_id, order_id, amount)
    select (a ->> 'id')::uuid, new_order_id, (a ->> 'amount')::integer
    from jsonb_array_elements(code_outcome -> 'applied') a;
  exception when unique_violation then
    -- Two tries with one key raced each other and the other one won: answer as a replay.
    get stacked diagnostics failed_constraint = constraint_name;
    if failed_constraint <> 'orders_client_order_id_key' then
      raise;
    end if;
    select * into existing from public.orders o where o.client_order_id = (request ->> 'clientOrderId')::uuid;
    return private.replay_order(existing, request_hash, caller);
  end;

  return private.order_json(new_order_id);
end;
$$;


revoke all on function public.place_order(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.place_order(jsonb) to anon, authenticated, service_role;

/**
 * Records that an M-Pesa STK push was sent for an order (the payments function calls it after the push
 * is accepted). The amount is always the order total, and never more than M-Pesa takes in one payment.
 * Calling it again with the same checkout request id returns the same payment.
 */
create or replace function public.record_payment_request(
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
      perform private.refuse('409', 'not_mpesa', case o.payment_method
        when 'bank' then 'This order is paid by bank transfer.'
        else 'This order is paid in cash on delivery.' end);
    end if;
    -- The network refuses a payment over its limit: never send a prompt that cannot succeed.
    if o.total > (select s.mpesa_max_amount from public.store_settings s) then
      perform private.refuse('409', 'mpesa_limit',
        format('M-Pesa takes at most KSh %s in one payment. Please pay this order by bank transfer.',
          to_char((select s.mpesa_max_amount from public.store_settings s), 'FM999,999,999')));
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
 * Staff record that a bank transfer for an order arrived, with the bank's reference. The amount is the
 * order total; an order is paid once (a second call, or any other payment already taken, is refused),
 * a pending order becomes confirmed and a referral earns its commission.
 */
create function public.confirm_bank_transfer(order_id uuid, reference text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  o public.orders;
  ref text := upper(btrim(confirm_bank_transfer.reference));
begin
  if not private.is_staff_or_service() then
    raise exception using errcode = '42501', message = 'Only staff can record a bank transfer.';
  end if;
  select * into o from public.orders where orders.id = confirm_bank_transfer.order_id for update;
  if not found then
    perform private.refuse('404', 'order_not_found', 'We could not find that order.');
  end if;
  if o.payment_method <> 'bank' then
    perform private.refuse('409', 'not_bank_transfer', 'This order is not paid by bank transfer.');
  end if;
  if o.payment_status = 'paid' then
    perform private.refuse('409', 'already_paid', 'This order is already paid.');
  end if;
  if o.status = 'cancelled' then
    perform private.refuse('409', 'order_cancelled',
      'This order was cancelled (unpaid by its deadline or by staff). Refund the transfer or place the order again.');
  end if;
  if ref is null or ref !~ '^[A-Z0-9][A-Z0-9 /-]{3,63}$' then
    perform private.refuse('400', 'invalid_reference', 'Enter the bank''s reference for the transfer.',
      jsonb_build_object('field', 'reference'));
  end if;

  insert into public.payments (order_id, provider, amount, status, reference, result_desc, paid_at)
  values (o.id, 'bank', o.total, 'paid', ref, 'Bank transfer received', now());
  update public.orders
  set payment_status = 'paid',
    paid_at = now(),
    status = case when orders.status = 'pending' then 'confirmed' else orders.status end,
    confirmed_at = case when orders.status = 'pending' then now() else orders.confirmed_at end
  where orders.id = o.id;
  perform private.create_commission(o.id);
  return private.order_json(o.id);
end;
$$;

revoke all on function public.confirm_bank_transfer(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.confirm_bank_transfer(uuid, text) to authenticated, service_role;

/**
 * Releases bank-transfer orders still unpaid after their deadline: each is cancelled as staff would
 * cancel it (its stock goes back to the sizes bought). Returns the order numbers released. Run on a
 * schedule (the local server runs it every few minutes; on the hosted project, pg_cron).
 */
create function public.release_unpaid_bank_orders()
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
  if not private.is_staff_or_service() then
    raise exception using errcode = '42501', message = 'Only staff can release unpaid orders.';
  end if;
  for overdue in
    select o.id, o.order_number
    from public.orders o
    where o.payment_method = 'bank'
      and o.payment_status = 'pending'
      and o.status = 'pending'
      and o.payment_due_at < now()
    order by o.payment_due_at
    for update skip locked
  loop
    perform public.set_order_status(overdue.id, 'cancelled');
    released := released || overdue.order_number;
  end loop;
  return released;
end;
$$;

revoke all on function public.release_unpaid_bank_orders() from public, anon, authenticated, service_role;
grant execute on function public.release_unpaid_bank_orders() to authenticated, service_role;

-- On the hosted project, release overdue orders every 10 minutes (where pg_cron is switched on).
do $cron$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('release-unpaid-bank-orders', '*/10 * * * *',
      'select public.release_unpaid_bank_orders()');
  end if;
end;
$cron$;
