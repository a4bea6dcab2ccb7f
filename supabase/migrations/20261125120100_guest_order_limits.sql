-- Guest orders are limited per phone, per device and per delivery address per day, and up to a value
-- the store sets: nobody can hold a product's whole stock without an account or a payment. The limits
-- are in store_settings; place_order applies them after its look-up of an existing order key, so a
-- replay always finds its order.

/** A delivery address as one comparable key (case and spacing ignored); null for a pickup. */
create function private.address_key(county text, town text, street text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when street is not null then
    lower(regexp_replace(btrim(coalesce(county, '') || '|' || coalesce(town, '') || '|' || street),
      '\s+', ' ', 'g'))
  end
$$;
revoke all on function private.address_key(text, text, text) from public, anon, authenticated, service_role;

create index orders_guest_phone_idx on public.orders (phone, created_at) where user_id is null;
create index orders_guest_device_idx on public.orders (device_id, created_at)
  where user_id is null and device_id is not null;
create index orders_guest_address_idx on public.orders (private.address_key(county, town, street), created_at)
  where user_id is null and street is not null;

/**
 * Refuses a guest order when its phone, device or delivery address already placed the day's allowance
 * of unpaid guest orders (a paid order holds nothing it has not paid for). Each subject is locked until
 * the order commits, so orders racing each other are counted one after another.
 */
create function private.check_guest_order_limits(phone text, device uuid, address text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  settings public.store_settings;
  subject text;
  placed integer;
begin
  select * into settings from public.store_settings;
  -- Locks in one order (sorted), so two orders sharing subjects never wait for each other in a circle.
  for subject in
    select s from unnest(array['phone:' || phone, 'device:' || device::text, 'address:' || address]) s
    where s is not null
    order by s
  loop
    perform pg_advisory_xact_lock(hashtextextended('guest-order:' || subject, 0));
  end loop;

  select count(*) into placed
  from public.orders o
  where o.user_id is null and o.phone = check_guest_order_limits.phone
    and o.created_at > now() - interval '1 day' and o.payment_status <> 'paid';
  if placed >= settings.guest_orders_per_phone_per_day then
    perform private.refuse('400', 'guest_phone_limit',
      format('This phone number already has %s unpaid orders today. Please pay for them, sign in, or try again tomorrow.',
        placed),
      jsonb_build_object('field', 'contact.phone', 'limit', settings.guest_orders_per_phone_per_day));
  end if;

  if device is not null then
    select count(*) into placed
    from public.orders o
    where o.user_id is null and o.device_id = check_guest_order_limits.device
      and o.created_at > now() - interval '1 day' and o.payment_status <> 'paid';
    if placed >= settings.guest_orders_per_device_per_day then
      perform private.refuse('400', 'guest_device_limit',
        format('This device already has %s unpaid orders today. Please pay for them, sign in, or try again tomorrow.',
          placed),
        jsonb_build_object('limit', settings.guest_orders_per_device_per_day));
    end if;
  end if;

  if address is not null then
    select count(*) into placed
    from public.orders o
    where o.user_id is null and private.address_key(o.county, o.town, o.street) = address
      and o.street is not null
      and o.created_at > now() - interval '1 day' and o.payment_status <> 'paid';
    if placed >= settings.guest_orders_per_address_per_day then
      perform private.refuse('400', 'guest_address_limit',
        format('This delivery address already has %s unpaid orders today. Please pay for them, sign in, or try again tomorrow.',
          placed),
        jsonb_build_object('field', 'delivery.street', 'limit', settings.guest_orders_per_address_per_day));
    end if;
  end if;
end;
$$;
revoke all on function private.check_guest_order_limits(text, uuid, text) from public, anon, authenticated, service_role;

/**
 * The only way to create an order (see the first definition for the whole contract). Refuses a payment
 * method the total is over the ceiling of, and a guest order over the guest limits (per phone, device
 * and address a day; the guest value ceiling). Gives every unpaid order the time its stock is held:
 * M-Pesa and card for the online payment hold, cash on delivery until staff confirm it, bank transfer
 * for its days. A key already used answers with its order before anything else is checked, so a replay
 * finds its order even after the last unit sold, the product was switched off or its price changed.
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
  device uuid;
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

  -- The app's device id counts toward a guest's limits; anything that is not one is ignored.
  if jsonb_typeof(payload -> 'deviceId') = 'string'
    and (payload ->> 'deviceId') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  then
    device := (payload ->> 'deviceId')::uuid;
  end if;
  if caller is null then
    perform private.check_guest_order_limits(request -> 'contact' ->> 'phone', device,
      private.address_key(request -> 'delivery' ->> 'county', request -> 'delivery' ->> 'town',
        request -> 'delivery' ->> 'street'));
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
    if caller is null and goods_total + fee > settings.guest_order_max_amount then
      perform private.refuse('400', 'guest_order_limit',
        format('Orders over KSh %s need an account. Please sign in or create one to place this order.',
          to_char(settings.guest_order_max_amount, 'FM999,999,999')),
        jsonb_build_object('limit', settings.guest_order_max_amount));
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
      affiliate_code, affiliate_id, discount_codes, code_discount, payment_due_at, device_id
    ) values (
      (request ->> 'clientOrderId')::uuid, request_hash, caller, request -> 'contact' ->> 'name',
      order_email, request -> 'contact' ->> 'phone', request -> 'delivery' ->> 'method',
      request -> 'delivery' ->> 'county', request -> 'delivery' ->> 'town',
      request -> 'delivery' ->> 'street', request -> 'delivery' ->> 'note',
      request -> 'delivery' ->> 'pickupPoint', subtotal, discount_total, fee, goods_total + fee,
      request ->> 'paymentMethod', request ->> 'affiliateCode', referrer.id,
      array(select a ->> 'code' from jsonb_array_elements(code_outcome -> 'applied') a), code_total,
      case request ->> 'paymentMethod'
        when 'bank' then now() + make_interval(days => settings.bank_transfer_days)
        when 'cod' then now() + make_interval(hours => settings.cod_confirm_hours)
        -- M-Pesa and card (and any other way to pay online) hold stock only briefly.
        else now() + make_interval(mins => settings.online_payment_hold_minutes)
      end,
      device
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
