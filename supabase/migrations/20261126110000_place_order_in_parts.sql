-- place_order in parts: the buyer, the lines and their prices, the stock taken, the ceilings of each
-- way to pay, the referrer, the stock hold and the order's rows each live in a small private function,
-- and place_order reads as the sequence of those steps. Nothing changes in what it decides or answers,
-- except that the M-Pesa ceiling now names every way to pay above it (card or bank transfer), as the
-- checkout screen and the payments function do.

/** Refuses a request body that names a buyer other than the verified caller: an attack, not a typo. */
create function private.assert_order_for_caller(payload jsonb, caller uuid)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if jsonb_typeof(payload) = 'object' then
    if (payload ? 'userId' and (payload ->> 'userId') is distinct from caller::text)
      or (payload ? 'user_id' and (payload ->> 'user_id') is distinct from caller::text)
    then
      raise exception using errcode = '42501', message = 'You can only place orders for yourself.';
    end if;
  end if;
end;
$$;
revoke all on function private.assert_order_for_caller(jsonb, uuid) from public, anon, authenticated, service_role;

/** The app's random device id from a request; anything that is not one is ignored (null). */
create function private.order_device_id(payload jsonb)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(payload -> 'deviceId') = 'string'
      and (payload ->> 'deviceId') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (payload ->> 'deviceId')::uuid
  end
$$;
revoke all on function private.order_device_id(jsonb) from public, anon, authenticated, service_role;

/** The email an order is sent to: the one given, else the signed-in account's; refused when neither. */
create function private.order_email(request jsonb, caller uuid)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  found_email text := request -> 'contact' ->> 'email';
begin
  if found_email is null and caller is not null then
    select lower(u.email) into found_email from auth.users u where u.id = caller;
  end if;
  if found_email is null then
    perform private.refuse('400', 'invalid_email', 'Please enter a valid email address.',
      jsonb_build_object('field', 'contact.email'));
  end if;
  return found_email;
end;
$$;
revoke all on function private.order_email(jsonb, uuid) from public, anon, authenticated, service_role;

/**
 * The cart lines priced by the database: their subtotal and product discounts, or a 409 cart conflict
 * listing every line that cannot be ordered as asked (sold out, too few left, switched off, no size).
 */
create function private.price_order_lines(items jsonb, out subtotal integer, out discount_total integer)
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object(
      'line', l.line, 'productId', l.product_id, 'size', l.size, 'problem', l.problem,
      'available', l.available, 'price', l.unit_price, 'discount', l.discount,
      'unitPrice', l.discounted_unit_price,
      'message', private.line_problem_message(l.problem, l.size, l.color, l.available)
    ) order by l.line) filter (where l.problem is not null), '[]'),
    sum(l.unit_price * l.quantity), sum((l.unit_price - l.discounted_unit_price) * l.quantity)
  into problems, subtotal, discount_total
  from private.price_lines(items) l;

  if jsonb_array_length(problems) > 0 then
    perform private.refuse('409', 'cart_conflict',
      'Some items in your cart are no longer available as ordered.', jsonb_build_object('lines', problems));
  end if;
end;
$$;
revoke all on function private.price_order_lines(jsonb) from public, anon, authenticated, service_role;

/**
 * Takes the ordered units from stock, product by product in id order (so concurrent orders lock in the
 * same order), each product before its size rows. The conditional update is the real guard: when
 * another order got there first it touches no row, and the lines of that product are refused as a 409
 * cart conflict with what is left.
 */
create function private.take_order_stock(items jsonb)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  priced record;
  sized record;
  taken integer;
  problems jsonb;
begin
  for priced in
    select l.product_id, sum(l.quantity)::integer as wanted
    from private.price_lines(items) l
    group by l.product_id
    order by l.product_id
  loop
    perform 1 from public.products p where p.id = priced.product_id and p.active for no key update;
    if found and exists (select 1 from public.product_sizes s where s.product_id = priced.product_id) then
      -- Sold by size: take each chosen size (in size order); the product's total follows its rows.
      for sized in
        select l.size, sum(l.quantity)::integer as wanted
        from private.price_lines(items) l
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
          from private.price_lines(items) l
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
        from private.price_lines(items) l
        where l.product_id = priced.product_id;
        perform private.refuse('409', 'cart_conflict',
          'Some items in your cart are no longer available as ordered.', jsonb_build_object('lines', problems));
      end if;
    end if;
  end loop;
end;
$$;
revoke all on function private.take_order_stock(jsonb) from public, anon, authenticated, service_role;

/**
 * Each way to pay has its ceiling: M-Pesa's per-payment limit and what the store lets a rider carry
 * in cash; a guest's order has the guest value ceiling. The store sets all three.
 */
create function private.check_payment_limits(
  payment_method text,
  total integer,
  caller uuid,
  settings public.store_settings
)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if payment_method = 'mpesa' and total > settings.mpesa_max_amount then
    perform private.refuse('400', 'mpesa_limit',
      format('M-Pesa takes at most KSh %s in one payment. Please choose card or bank transfer.',
        to_char(settings.mpesa_max_amount, 'FM999,999,999')),
      jsonb_build_object('field', 'paymentMethod', 'limit', settings.mpesa_max_amount));
  end if;
  if payment_method = 'cod' and total > settings.cod_max_amount then
    perform private.refuse('400', 'cod_limit',
      format('Cash on delivery is for orders up to KSh %s. Please choose another way to pay.',
        to_char(settings.cod_max_amount, 'FM999,999,999')),
      jsonb_build_object('field', 'paymentMethod', 'limit', settings.cod_max_amount));
  end if;
  if caller is null and total > settings.guest_order_max_amount then
    perform private.refuse('400', 'guest_order_limit',
      format('Orders over KSh %s need an account. Please sign in or create one to place this order.',
        to_char(settings.guest_order_max_amount, 'FM999,999,999')),
      jsonb_build_object('limit', settings.guest_order_max_amount));
  end if;
end;
$$;
revoke all on function private.check_payment_limits(text, integer, uuid, public.store_settings) from public, anon, authenticated, service_role;

/**
 * How long an unpaid order holds its stock: bank transfer for its days, cash on delivery until staff
 * confirm it, M-Pesa and card (any way to pay online) only briefly.
 */
create function private.payment_due_at(payment_method text, settings public.store_settings)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select case payment_method
    when 'bank' then now() + make_interval(days => settings.bank_transfer_days)
    when 'cod' then now() + make_interval(hours => settings.cod_confirm_hours)
    else now() + make_interval(mins => settings.online_payment_hold_minutes)
  end
$$;
revoke all on function private.payment_due_at(text, public.store_settings) from public, anon, authenticated, service_role;

/**
 * The approved affiliate an order credits, or null. No commission for referring yourself: same
 * account, same email or same phone.
 */
create function private.order_referrer(code text, caller uuid, order_email text, order_phone text)
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  referrer public.affiliates;
begin
  if code is null then
    return null;
  end if;
  select * into referrer from public.affiliates a where a.code = order_referrer.code and a.status = 'approved';
  if referrer.id is not null and (
    referrer.user_id = caller
    or referrer.payout_phone = order_phone
    or exists (select 1 from auth.users u where u.id = referrer.user_id and lower(u.email) = order_email)
  ) then
    return null;
  end if;
  return referrer.id;
end;
$$;
revoke all on function private.order_referrer(text, uuid, text, text) from public, anon, authenticated, service_role;

/** Writes an order's lines (at the database's prices, with each line's share of the codes) and redemptions. */
create function private.insert_order_lines(order_id uuid, items jsonb, code_outcome jsonb)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  insert into public.order_items (
    order_id, line_no, product_id, name, size, color, quantity, unit_price, discount,
    discounted_unit_price, line_total, code_discount
  )
  select insert_order_lines.order_id, l.line + 1, l.product_id, l.name, l.size, l.color, l.quantity,
    l.unit_price, l.discount, l.discounted_unit_price, l.line_total,
    coalesce((code_outcome -> 'lines' ->> l.line)::integer, 0)
  from private.price_lines(items) l;

  insert into public.discount_redemptions (code_id, order_id, amount)
  select (a ->> 'id')::uuid, insert_order_lines.order_id, (a ->> 'amount')::integer
  from jsonb_array_elements(code_outcome -> 'applied') a;
end;
$$;
revoke all on function private.insert_order_lines(uuid, jsonb, jsonb) from public, anon, authenticated, service_role;

/**
 * The only way to create an order (see the first definition for the whole contract). A key already
 * used answers with its order before anything else is checked, so a replay finds its order even after
 * the last unit sold, the product was switched off or its price changed. Then, in turn: the guest
 * limits, the email, the lines and their prices, the discount codes, the stock, the ceiling of the way
 * to pay, and the order with its lines.
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
  subtotal integer;
  discount_total integer;
  goods_total integer;
  fee integer;
  order_email text;
  new_order_id uuid;
  failed_constraint text;
  codes text[];
  code_outcome jsonb;
  settings public.store_settings;
  device uuid;
begin
  perform private.assert_order_for_caller(payload, caller);

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

  device := private.order_device_id(payload);
  if caller is null then
    perform private.check_guest_order_limits(request -> 'contact' ->> 'phone', device,
      private.address_key(request -> 'delivery' ->> 'county', request -> 'delivery' ->> 'town',
        request -> 'delivery' ->> 'street'));
  end if;

  order_email := private.order_email(request, caller);
  select p.subtotal, p.discount_total into subtotal, discount_total
  from private.price_order_lines(request -> 'items') p;

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

  begin
    perform private.take_order_stock(request -> 'items');

    discount_total := discount_total + (code_outcome ->> 'codeDiscount')::integer;
    goods_total := subtotal - discount_total;
    fee := private.delivery_fee(request -> 'delivery' ->> 'method', request -> 'delivery' ->> 'county',
      goods_total);

    select * into settings from public.store_settings;
    perform private.check_payment_limits(request ->> 'paymentMethod', goods_total + fee, caller, settings);

    insert into public.orders (
      client_order_id, request_hash, user_id, customer_name, email, phone, delivery_method, county, town,
      street, rider_note, pickup_point, subtotal, discount_total, delivery_fee, total, payment_method,
      affiliate_code, affiliate_id, discount_codes, code_discount, payment_due_at, device_id
    ) values (
      (request ->> 'clientOrderId')::uuid, request_hash, caller, request -> 'contact' ->> 'name',
      order_email, request -> 'contact' ->> 'phone', request -> 'delivery' ->> 'method',
      request -> 'delivery' ->> 'county', request -> 'delivery' ->> 'town',
      request -> 'delivery' ->> 'street', request -> 'delivery' ->> 'note',
      request -> 'delivery' ->> 'pickupPoint', subtotal, discount_total, fee, goods_total + fee,
      request ->> 'paymentMethod', request ->> 'affiliateCode',
      private.order_referrer(request ->> 'affiliateCode', caller, order_email, request -> 'contact' ->> 'phone'),
      array(select a ->> 'code' from jsonb_array_elements(code_outcome -> 'applied') a),
      (code_outcome ->> 'codeDiscount')::integer,
      private.payment_due_at(request ->> 'paymentMethod', settings),
      device
    )
    returning id into new_order_id;

    perform private.insert_order_lines(new_order_id, request -> 'items', code_outcome);
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
