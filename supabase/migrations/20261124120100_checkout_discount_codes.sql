-- Checkout with discount codes: place_order applies them, quote_order shows them before the order,
-- the order document carries them, and the welcome offer issues one per email.

/**
 * A refusal answered as PostgREST answers an error (status and {code, message, details, hint}) but
 * without rolling back, for refusals whose side effects must stay (a counted wrong guess).
 */
create function private.refusal_answer(status integer, code text, message text, extra jsonb default '{}')
returns json
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform set_config('response.status', status::text, true);
  return json_build_object('code', 'PT' || status, 'message', message,
    'details', (jsonb_build_object('code', code) || extra)::text, 'hint', null);
end;
$$;
revoke all on function private.refusal_answer(integer, text, text, jsonb) from public, anon, authenticated, service_role;

/** The order document every checkout, replay, private link and status change returns. */
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
        'receipt', p.mpesa_receipt,
        'amount', p.amount,
        'updatedAt', p.updated_at
      )
      from public.payments p
      where p.order_id = o.id
      order by (p.status = 'paid') desc, p.created_at desc
      limit 1
    ),
    'createdAt', o.created_at,
    'updatedAt', o.updated_at
  )
  from public.orders o
  where o.id = target
$$;

/**
 * The only way to create an order. Validates the request, prices every line from the database (any
 * price, discount or total the client sends is ignored), applies the discount codes named in
 * `discountCodes` (checked and locked here; the amount per line and per code is recorded), takes stock
 * with conditional updates so two shoppers can never both buy the last unit, adds the delivery fee
 * from store_settings, records a valid referral and returns the order document. Idempotent on
 * clientOrderId: the same key and body return the same order, forever.
 *
 * Refusals: PT400 (bad request; detail.code names the problem, detail.field the field), PT409
 * 'cart_conflict' with detail.lines, PT409 'idempotency_key_reused', 42501 when the body names another
 * user; a refused code answers 400 (429 after too many wrong codes) with detail.field 'discountCodes'.
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
      affiliate_code, affiliate_id, discount_codes, code_discount
    ) values (
      (request ->> 'clientOrderId')::uuid, request_hash, caller, request -> 'contact' ->> 'name',
      order_email, request -> 'contact' ->> 'phone', request -> 'delivery' ->> 'method',
      request -> 'delivery' ->> 'county', request -> 'delivery' ->> 'town',
      request -> 'delivery' ->> 'street', request -> 'delivery' ->> 'note',
      request -> 'delivery' ->> 'pickupPoint', subtotal, discount_total, fee, goods_total + fee,
      request ->> 'paymentMethod', request ->> 'affiliateCode', referrer.id,
      array(select a ->> 'code' from jsonb_array_elements(code_outcome -> 'applied') a), code_total
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
 * What the cart would cost right now, without placing anything: current prices, per-line problems and
 * messages, the delivery fee, and what the discount codes in `discountCodes` take off each line and in
 * all (or why a code cannot be used). `contact.email` / `contact.phone` (or the signed-in account) say
 * whose codes and first order count. A wrong code counts as a try, as at place_order.
 */
create or replace function public.quote_order(payload jsonb)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  items jsonb;
  delivery jsonb;
  codes text[];
  lines json;
  subtotal integer;
  discount_total integer;
  code_outcome jsonb;
  code_total integer := 0;
  fee integer;
  email text;
  phone text;
begin
  if payload is null or jsonb_typeof(payload) <> 'object' then
    perform private.refuse('400', 'invalid_request', 'The request must be a JSON object.');
  end if;
  perform private.assert_no_forbidden_keys(payload);
  items := private.normalize_cart_items(payload -> 'items');
  if payload -> 'delivery' is not null and jsonb_typeof(payload -> 'delivery') <> 'null' then
    delivery := private.normalize_delivery(payload -> 'delivery');
  end if;
  codes := private.normalize_discount_codes(payload);
  if jsonb_typeof(payload -> 'contact' -> 'email') = 'string' then
    email := nullif(lower(btrim(payload -> 'contact' ->> 'email')), '');
  end if;
  if email is null and caller is not null then
    select lower(u.email) into email from auth.users u where u.id = caller;
  end if;
  if jsonb_typeof(payload -> 'contact' -> 'phone') = 'string' then
    phone := private.normalize_ke_phone(payload -> 'contact' ->> 'phone');
  end if;

  code_outcome := private.check_discount_codes(codes, items, email, phone, caller,
    case when jsonb_typeof(payload -> 'deviceId') = 'string' then payload ->> 'deviceId' end, false);
  if (code_outcome ->> 'ok')::boolean then
    code_total := (code_outcome ->> 'codeDiscount')::integer;
  end if;

  select json_agg(json_build_object(
      'line', l.line, 'productId', l.product_id, 'name', l.name, 'size', l.size, 'color', l.color,
      'quantity', l.quantity, 'price', l.unit_price, 'discount', l.discount,
      'unitPrice', l.discounted_unit_price, 'lineTotal', l.line_total, 'available', l.available,
      'problem', l.problem,
      'message', private.line_problem_message(l.problem, l.size, l.color, l.available),
      'codeDiscount', case when (code_outcome ->> 'ok')::boolean
        then coalesce((code_outcome -> 'lines' ->> l.line)::integer, 0) else 0 end
    ) order by l.line),
    coalesce(sum(l.unit_price * l.quantity) filter (where l.problem is null), 0),
    coalesce(sum((l.unit_price - l.discounted_unit_price) * l.quantity) filter (where l.problem is null), 0)
  into lines, subtotal, discount_total
  from private.price_lines(items) l;

  discount_total := discount_total + code_total;
  if delivery is not null and subtotal > 0 then
    fee := private.delivery_fee(delivery ->> 'method', delivery ->> 'county', subtotal - discount_total);
  end if;

  return json_build_object(
    'currency', 'KES',
    'lines', lines,
    'subtotal', subtotal,
    'discountTotal', discount_total,
    'codeDiscount', code_total,
    'codes', case when (code_outcome ->> 'ok')::boolean
      then coalesce((select json_agg(json_build_object('code', a ->> 'code', 'amount', (a ->> 'amount')::integer,
          'kind', a ->> 'kind', 'value', (a ->> 'value')::integer,
          'maxDiscount', (a ->> 'maxDiscount')::integer))
        from jsonb_array_elements(code_outcome -> 'applied') a), '[]'::json)
      else '[]'::json end,
    'codeRefusal', case when not (code_outcome ->> 'ok')::boolean then json_build_object(
      'code', code_outcome ->> 'discountCode', 'reason', code_outcome ->> 'reason',
      'message', code_outcome ->> 'message') end,
    'deliveryFee', fee,
    'total', case when fee is not null then subtotal - discount_total + fee end,
    'freeDeliveryFrom', (select s.free_delivery_from from public.store_settings s)
  );
end;
$$;

revoke all on function public.quote_order(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.quote_order(jsonb) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- The welcome offer
-- ---------------------------------------------------------------------------------------------------

/** A code nobody can guess: a prefix and 10 characters from 32 that cannot be misread (50 bits). */
create function private.random_code(prefix text)
returns text
language sql
volatile
set search_path = ''
as $$
  select prefix || string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (get_byte(b.bytes, i) % 32) + 1, 1), ''
    order by i)
  from (select extensions.gen_random_bytes(10) as bytes) b, generate_series(0, 9) as i
$$;
revoke all on function private.random_code(text) from public, anon, authenticated, service_role;

/**
 * The email offer and the newsletter: subscribes the address and issues its welcome code once (the
 * store's percent off a first order, capped by the store), emailed to that address. The answer shows
 * the code only the first time; asking again says it was already sent (and sends nothing).
 */
create function public.claim_welcome_offer(email text, client_id uuid default null, source text default null)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  address text := lower(btrim(claim_welcome_offer.email));
  settings public.store_settings;
  new_code text;
  ends timestamptz;
begin
  if address is null or char_length(address) > 254 or address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    perform private.refuse('400', 'invalid_email', 'Please enter a valid email address.',
      jsonb_build_object('field', 'email'));
  end if;
  select * into settings from public.store_settings;
  insert into public.newsletter_subscribers (email, client_id, source)
  values (address, claim_welcome_offer.client_id, left(btrim(claim_welcome_offer.source), 40))
  on conflict do nothing;

  if exists (select 1 from public.discount_codes d where d.email = address and d.source = 'welcome') then
    return json_build_object('issued', false, 'percent', settings.welcome_discount_percent,
      'cap', settings.welcome_discount_cap);
  end if;

  ends := now() + make_interval(days => settings.welcome_code_days);
  loop
    new_code := private.random_code('WELCOME-');
    begin
      insert into public.discount_codes (code, description, kind, value, max_discount, ends_at, max_uses,
        max_uses_per_customer, first_order_only, combinable, email, source, created_by)
      values (new_code, 'Welcome offer', 'percent', settings.welcome_discount_percent,
        settings.welcome_discount_cap, ends, 1, 1, true, false, address, 'welcome', null);
      exit;
    exception when unique_violation then
      -- The address got its code in a parallel call: it was sent there.
      if exists (select 1 from public.discount_codes d where d.email = address and d.source = 'welcome') then
        return json_build_object('issued', false, 'percent', settings.welcome_discount_percent,
          'cap', settings.welcome_discount_cap);
      end if;
    end;
  end loop;

  perform private.queue_email(address,
    format('Your %s%% OFF welcome code', settings.welcome_discount_percent),
    format(E'Welcome to Luxe Kenya!\n\nYour code: %s\n\nIt takes %s%% off your first order (up to KSh %s). '
      'Enter it in your cart or at checkout before %s. It can be used once, with this email address.',
      new_code, settings.welcome_discount_percent, to_char(settings.welcome_discount_cap, 'FM999,999,999'),
      to_char(ends at time zone 'Africa/Nairobi', 'FMDD Mon YYYY')),
    'welcome_code');

  return json_build_object('issued', true, 'code', new_code, 'percent', settings.welcome_discount_percent,
    'cap', settings.welcome_discount_cap, 'expiresAt', ends);
end;
$$;

revoke all on function public.claim_welcome_offer(text, uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.claim_welcome_offer(text, uuid, text) to anon, authenticated, service_role;
