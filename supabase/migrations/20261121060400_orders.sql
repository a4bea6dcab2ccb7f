-- Orders: what was bought, by whom, delivered where, and the one function that may create them.

/** Human-friendly order numbers (LK-240001, LK-240002, …) for receipts, SMS and phone support. */
create sequence public.order_number_seq start with 240001;
revoke all on sequence public.order_number_seq from public, anon, authenticated, service_role;
grant usage on sequence public.order_number_seq to service_role;

/**
 * An order. Created only by place_order() (nobody has an insert grant but service_role), which
 * decides every price, fee and total from the database. `client_order_id` is the idempotency key the
 * shopper's device generates and replays from its offline queue; it never expires. `request_hash`
 * tells a replay (same key, same body) from a mistake (same key, different body). `access_token` opens
 * the private order link for guests. Shoppers can read their own orders and change nothing; status and
 * payment move only through set_order_status() and the payment functions.
 */
create table public.orders (
  id uuid primary key default gen_random_uuid(),
  order_number text not null unique default 'LK-' || nextval('public.order_number_seq'),
  client_order_id uuid not null unique,
  request_hash text not null,
  user_id uuid references auth.users on delete set null,
  access_token text not null unique
    default translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_'),
  customer_name text not null check (char_length(customer_name) between 1 and 100),
  email text not null check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text not null check (phone ~ '^254[17][0-9]{8}$'),
  delivery_method text not null check (delivery_method in ('delivery', 'pickup')),
  county text references public.counties (name) on update cascade,
  town text check (char_length(town) <= 100),
  street text check (char_length(street) <= 200),
  rider_note text check (char_length(rider_note) <= 500),
  pickup_point text references public.pickup_points (id),
  status text not null default 'pending'
    check (status in ('pending', 'confirmed', 'dispatched', 'delivered', 'cancelled')),
  subtotal integer not null check (subtotal > 0),
  discount_total integer not null default 0 check (discount_total >= 0),
  delivery_fee integer not null default 0 check (delivery_fee >= 0),
  total integer not null check (total > 0),
  payment_method text not null check (payment_method in ('mpesa', 'cod')),
  payment_status text not null default 'pending'
    check (payment_status in ('pending', 'paid', 'failed', 'cancelled', 'refunded')),
  affiliate_code text check (affiliate_code ~ '^[a-z0-9][a-z0-9-]{2,31}$'),
  affiliate_id uuid references public.affiliates on delete set null,
  paid_at timestamptz,
  confirmed_at timestamptz,
  dispatched_at timestamptz,
  delivered_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint orders_total_adds_up check (total = subtotal - discount_total + delivery_fee),
  constraint orders_address_matches_method check (
    (delivery_method = 'delivery' and county is not null and town is not null and street is not null
      and pickup_point is null)
    or (delivery_method = 'pickup' and pickup_point is not null)
  )
);
alter table public.orders enable row level security;

create index orders_user_id_idx on public.orders (user_id, created_at desc);
create index orders_status_idx on public.orders (status, created_at desc);
create index orders_affiliate_id_idx on public.orders (affiliate_id);
create index orders_created_at_idx on public.orders (created_at desc);

create trigger orders_touch_updated_at
  before update on public.orders
  for each row execute function private.touch_updated_at();

revoke all on table public.orders from anon, authenticated, service_role;
grant select on table public.orders to authenticated;
grant select, insert, update, delete on table public.orders to service_role;

create policy "Shoppers can see their own orders"
  on public.orders for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Staff can see every order"
  on public.orders for select to authenticated
  using ((select public.has_role('manager')));

/** The lines of an order, with the name and prices as they were when the order was placed. */
create table public.order_items (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders on delete cascade,
  line_no smallint not null check (line_no between 1 and 50),
  product_id text references public.products on delete set null,
  name text not null,
  size text check (char_length(size) <= 40),
  color text check (char_length(color) <= 40),
  quantity integer not null check (quantity between 1 and 99),
  unit_price integer not null check (unit_price > 0),
  discount integer not null default 0 check (discount between 0 and 90),
  discounted_unit_price integer not null check (discounted_unit_price > 0),
  line_total integer not null check (line_total > 0),
  unique (order_id, line_no),
  constraint order_items_line_total_adds_up check (line_total = discounted_unit_price * quantity)
);
alter table public.order_items enable row level security;

create index order_items_product_id_idx on public.order_items (product_id);

revoke all on table public.order_items from anon, authenticated, service_role;
revoke all on sequence public.order_items_id_seq from anon, authenticated, service_role;
grant select on table public.order_items to authenticated;
grant select, insert, update, delete on table public.order_items to service_role;

create policy "Shoppers can see the lines of their own orders"
  on public.order_items for select to authenticated
  using (order_id in (select o.id from public.orders o where o.user_id = (select auth.uid())));

create policy "Staff can see every order line"
  on public.order_items for select to authenticated
  using ((select public.has_role('manager')));

/**
 * Payment attempts. An M-Pesa STK push creates one pending row; the provider's callback settles it.
 * Cash on delivery gets a paid row when the rider hands over the parcel. At most one paid payment per
 * order, and each M-Pesa receipt is recorded once.
 */
create table public.payments (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders on delete cascade,
  provider text not null check (provider in ('mpesa', 'cod')),
  phone text check (phone ~ '^254[17][0-9]{8}$'),
  checkout_request_id text unique,
  merchant_request_id text,
  amount integer not null check (amount > 0),
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'cancelled')),
  result_code integer,
  result_desc text,
  mpesa_receipt text unique,
  raw_callback jsonb,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.payments enable row level security;

create index payments_order_id_idx on public.payments (order_id, created_at desc);
create unique index payments_one_paid_per_order on public.payments (order_id) where status = 'paid';

create trigger payments_touch_updated_at
  before update on public.payments
  for each row execute function private.touch_updated_at();

revoke all on table public.payments from anon, authenticated, service_role;
grant select on table public.payments to authenticated;
grant select, insert, update, delete on table public.payments to service_role;

create policy "Shoppers can see the payments of their own orders"
  on public.payments for select to authenticated
  using (order_id in (select o.id from public.orders o where o.user_id = (select auth.uid())));

create policy "Staff can see every payment"
  on public.payments for select to authenticated
  using ((select public.has_role('manager')));

-- ---------------------------------------------------------------------------------------------------
-- Checkout
-- ---------------------------------------------------------------------------------------------------

/**
 * Raises a checkout refusal the REST layer turns into an HTTP status (PT400 → 400, PT409 → 409,
 * PT404 → 404): `message` is for the shopper, `detail` is JSON for the app ({"code": …, …}).
 */
create function private.refuse(status text, code text, message text, extra jsonb default '{}')
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    errcode = 'PT' || status,
    message = message,
    detail = (jsonb_build_object('code', code) || extra)::text;
end;
$$;

/** A key like __proto__ anywhere in a request means a client merging untrusted objects: refuse it. */
create function private.assert_no_forbidden_keys(doc jsonb)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if exists (
    select 1
    from jsonb_path_query(doc, 'strict $.**') as v(value)
    where jsonb_typeof(v.value) = 'object'
      and v.value ?| array['__proto__', 'constructor', 'prototype']
  ) then
    perform private.refuse('400', 'forbidden_key', 'The order request contains a forbidden key.');
  end if;
end;
$$;

/**
 * Checks the cart lines of a request and returns them as [{productId, quantity, size, color}]. Client
 * prices are not part of it: the database decides them.
 */
create function private.normalize_cart_items(items jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  item jsonb;
  line_index integer := 0;
  quantity_json jsonb;
  quantity numeric;
  product_id text;
  size_value text;
  color_value text;
  normalized jsonb := '[]';
begin
  if items is null or jsonb_typeof(items) <> 'array' or jsonb_array_length(items) = 0 then
    perform private.refuse('400', 'empty_cart', 'Your cart is empty.', jsonb_build_object('field', 'items'));
  end if;
  if jsonb_array_length(items) > 50 then
    perform private.refuse('400', 'too_many_lines', 'An order can hold at most 50 different items.',
      jsonb_build_object('field', 'items'));
  end if;

  for item in select value from jsonb_array_elements(items) loop
    if jsonb_typeof(item) <> 'object' then
      perform private.refuse('400', 'invalid_line', format('Cart line %s is not valid.', line_index + 1),
        jsonb_build_object('field', format('items[%s]', line_index), 'line', line_index));
    end if;

    product_id := case when jsonb_typeof(item -> 'productId') = 'string' then item ->> 'productId' end;
    if product_id is null or char_length(product_id) > 100 or product_id !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
      perform private.refuse('400', 'invalid_product',
        format('Cart line %s does not name a product.', line_index + 1),
        jsonb_build_object('field', format('items[%s].productId', line_index), 'line', line_index));
    end if;

    -- Only a JSON number that is a whole number from 1 to 99: not "2", not 1.5, not 1e9, not null.
    quantity_json := item -> 'quantity';
    quantity := case when jsonb_typeof(quantity_json) = 'number' then (quantity_json::text)::numeric end;
    if quantity is null or quantity <> trunc(quantity) or quantity < 1 or quantity > 99 then
      perform private.refuse('400', 'invalid_quantity',
        format('Cart line %s: the quantity must be a whole number from 1 to 99.', line_index + 1),
        jsonb_build_object('field', format('items[%s].quantity', line_index), 'line', line_index,
          'productId', product_id));
    end if;

    size_value := null;
    color_value := null;
    if jsonb_typeof(item -> 'size') = 'string' then
      size_value := nullif(btrim(item ->> 'size'), '');
    elsif jsonb_typeof(item -> 'size') is distinct from 'null' and item ? 'size' then
      perform private.refuse('400', 'invalid_size', format('Cart line %s: the size is not valid.', line_index + 1),
        jsonb_build_object('field', format('items[%s].size', line_index), 'line', line_index));
    end if;
    if jsonb_typeof(item -> 'color') = 'string' then
      color_value := nullif(btrim(item ->> 'color'), '');
    elsif jsonb_typeof(item -> 'color') is distinct from 'null' and item ? 'color' then
      perform private.refuse('400', 'invalid_color',
        format('Cart line %s: the colour is not valid.', line_index + 1),
        jsonb_build_object('field', format('items[%s].color', line_index), 'line', line_index));
    end if;
    if coalesce(char_length(size_value), 0) > 40 or coalesce(char_length(color_value), 0) > 40 then
      perform private.refuse('400', 'invalid_option',
        format('Cart line %s: the size or colour is too long.', line_index + 1),
        jsonb_build_object('field', format('items[%s]', line_index), 'line', line_index));
    end if;

    normalized := normalized || jsonb_build_array(jsonb_build_object(
      'productId', product_id,
      'quantity', quantity::integer,
      'size', size_value,
      'color', color_value
    ));
    line_index := line_index + 1;
  end loop;
  return normalized;
end;
$$;

/**
 * Checks how the shopper wants the order: delivery to a county (all 47), town and street or landmark,
 * with an optional note for the rider; or collection at an open pickup point.
 */
create function private.normalize_delivery(delivery jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  method text;
  county_name text;
  town text;
  street text;
  note text;
  pickup text;
begin
  if delivery is null or jsonb_typeof(delivery) <> 'object' then
    perform private.refuse('400', 'invalid_delivery', 'Please choose how you want to receive your order.',
      jsonb_build_object('field', 'delivery'));
  end if;
  method := case when jsonb_typeof(delivery -> 'method') = 'string' then delivery ->> 'method' end;
  if method is null or method not in ('delivery', 'pickup') then
    perform private.refuse('400', 'invalid_delivery_method', 'Please choose delivery or pickup.',
      jsonb_build_object('field', 'delivery.method'));
  end if;

  if method = 'pickup' then
    select p.id into pickup
    from public.pickup_points p
    where p.active
      and jsonb_typeof(delivery -> 'pickupPoint') = 'string'
      and p.id = delivery ->> 'pickupPoint';
    if pickup is null then
      perform private.refuse('400', 'invalid_pickup_point', 'Please choose a pickup point.',
        jsonb_build_object('field', 'delivery.pickupPoint'));
    end if;
    return jsonb_build_object('method', method, 'county', null, 'town', null, 'street', null,
      'note', null, 'pickupPoint', pickup);
  end if;

  select c.name into county_name
  from public.counties c
  where jsonb_typeof(delivery -> 'county') = 'string'
    and lower(c.name) = lower(btrim(delivery ->> 'county'));
  if county_name is null then
    perform private.refuse('400', 'invalid_county', 'Please choose your county.',
      jsonb_build_object('field', 'delivery.county'));
  end if;
  town := case when jsonb_typeof(delivery -> 'town') = 'string' then btrim(delivery ->> 'town') end;
  if town is null or char_length(town) not between 1 and 100 then
    perform private.refuse('400', 'invalid_town', 'Please enter your town.',
      jsonb_build_object('field', 'delivery.town'));
  end if;
  street := case when jsonb_typeof(delivery -> 'street') = 'string' then btrim(delivery ->> 'street') end;
  if street is null or char_length(street) not between 1 and 200 then
    perform private.refuse('400', 'invalid_street', 'Please enter your street or a landmark.',
      jsonb_build_object('field', 'delivery.street'));
  end if;
  note := case when jsonb_typeof(delivery -> 'note') = 'string' then nullif(btrim(delivery ->> 'note'), '') end;
  if coalesce(char_length(note), 0) > 500 then
    perform private.refuse('400', 'invalid_note', 'The note for the rider can be at most 500 characters.',
      jsonb_build_object('field', 'delivery.note'));
  end if;
  return jsonb_build_object('method', method, 'county', county_name, 'town', town, 'street', street,
    'note', note, 'pickupPoint', null);
end;
$$;

/**
 * Checks a whole order request and returns it in one canonical form (only the fields that matter,
 * phone and county normalised, junk referral codes dropped). The idempotency hash covers this form, so
 * fields the database ignores (prices, totals) cannot make a replay look different.
 */
create function private.normalize_order_request(payload jsonb)
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
  if payment_method is null or payment_method not in ('mpesa', 'cod') then
    perform private.refuse('400', 'invalid_payment_method', 'Please choose M-Pesa or cash on delivery.',
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

/**
 * Prices each line of a normalised request from the products table and says what, if anything, is wrong
 * with it: unavailable (unknown or switched off), invalid_size / invalid_color (not offered),
 * sold_out, or insufficient_stock (all lines of one product together ask for more than there is).
 */
create function private.price_lines(items jsonb)
returns table (
  line integer,
  product_id text,
  name text,
  size text,
  color text,
  quantity integer,
  unit_price integer,
  discount integer,
  discounted_unit_price integer,
  line_total integer,
  available integer,
  problem text
)
language sql
stable
set search_path = ''
as $$
  with lines as (
    select (l.ordinality - 1)::integer as line,
      l.value ->> 'productId' as product_id,
      l.value ->> 'size' as size,
      l.value ->> 'color' as color,
      (l.value ->> 'quantity')::integer as quantity
    from jsonb_array_elements(items) with ordinality as l(value, ordinality)
  ), priced as (
    select lines.*, p.name, p.price, p.discount, p.stock, p.active, p.sizes, p.colors,
      round(p.price * (100 - p.discount) / 100.0)::integer as discounted,
      sum(lines.quantity) over (partition by lines.product_id) as wanted
    from lines
    left join public.products p on p.id = lines.product_id
  )
  select priced.line, priced.product_id, priced.name, priced.size, priced.color, priced.quantity,
    priced.price, priced.discount, priced.discounted, priced.discounted * priced.quantity,
    case when priced.active then priced.stock else 0 end,
    case
      when priced.name is null or not priced.active then 'unavailable'
      when priced.size is not null and cardinality(priced.sizes) > 0
        and not (priced.size = any (priced.sizes)) then 'invalid_size'
      when priced.color is not null and cardinality(priced.colors) > 0
        and not (priced.color = any (priced.colors)) then 'invalid_color'
      when priced.stock = 0 then 'sold_out'
      when priced.wanted > priced.stock then 'insufficient_stock'
    end
  from priced
  order by priced.line
$$;

/** What delivery costs for a goods total (after discounts): free from the threshold up. */
create function private.delivery_fee(method text, county text, goods_total integer)
returns integer
language sql
stable
set search_path = ''
as $$
  select case
    when goods_total >= s.free_delivery_from then 0
    when method = 'pickup' then s.pickup_fee
    when county = 'Nairobi' then s.nairobi_delivery_fee
    else s.other_county_delivery_fee
  end
  from public.store_settings s
$$;

/** The order document every checkout, replay, private link and status change returns. */
create function private.order_json(target uuid)
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
        'lineTotal', i.line_total
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
 * A replay of an order already placed with this key: the same body gets the same order back (the
 * answer to the first try may have been lost); a different body, or someone else's key, is refused.
 */
create function private.replay_order(existing public.orders, request_hash text, caller uuid)
returns json
language plpgsql
stable
set search_path = ''
as $$
begin
  if existing.request_hash <> request_hash
    or (existing.user_id is not null and existing.user_id is distinct from caller)
  then
    perform private.refuse('409', 'idempotency_key_reused',
      'This order was already placed with different details. Please review your cart and try again.');
  end if;
  return private.order_json(existing.id);
end;
$$;

/**
 * The only way to create an order. Validates the request, prices every line from the database (any
 * price or total the client sends is ignored), takes stock with conditional updates so two shoppers
 * can never both buy the last unit, adds the delivery fee from store_settings, records a valid referral
 * (approved affiliate, not the buyer themself) and returns the order document. Idempotent on
 * clientOrderId: the same key and body return the same order, forever.
 *
 * Refusals: PT400 (bad request; detail.code names the problem, detail.field the field), PT409 with
 * detail.code 'cart_conflict' and detail.lines (each problem line with current price and stock),
 * PT409 'idempotency_key_reused', 42501 when the body names another user.
 */
create function public.place_order(payload jsonb)
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
  taken integer;
  subtotal integer;
  discount_total integer;
  goods_total integer;
  fee integer;
  order_email text;
  referrer public.affiliates;
  new_order_id uuid;
  failed_constraint text;
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
      'line', l.line, 'productId', l.product_id, 'problem', l.problem, 'available', l.available,
      'price', l.unit_price, 'discount', l.discount, 'unitPrice', l.discounted_unit_price
    ) order by l.line) filter (where l.problem is not null), '[]'),
    sum(l.unit_price * l.quantity), sum((l.unit_price - l.discounted_unit_price) * l.quantity)
  into problems, subtotal, discount_total
  from private.price_lines(request -> 'items') l;

  if jsonb_array_length(problems) > 0 then
    perform private.refuse('409', 'cart_conflict',
      'Some items in your cart are no longer available as ordered.', jsonb_build_object('lines', problems));
  end if;

  begin
    -- Take stock product by product (in id order, so concurrent orders lock in the same order). The
    -- conditional update is the real guard: if another order got there first, it touches no row.
    for priced in
      select l.product_id, sum(l.quantity)::integer as wanted
      from private.price_lines(request -> 'items') l
      group by l.product_id
      order by l.product_id
    loop
      update public.products p
      set stock = p.stock - priced.wanted
      where p.id = priced.product_id and p.active and p.stock >= priced.wanted;
      get diagnostics taken = row_count;
      if taken = 0 then
        select coalesce(jsonb_agg(jsonb_build_object(
            'line', l.line, 'productId', l.product_id,
            'problem', case when l.available = 0 then 'sold_out' else 'insufficient_stock' end,
            'available', l.available, 'price', l.unit_price, 'discount', l.discount,
            'unitPrice', l.discounted_unit_price
          ) order by l.line), '[]')
        into problems
        from private.price_lines(request -> 'items') l
        where l.product_id = priced.product_id;
        perform private.refuse('409', 'cart_conflict',
          'Some items in your cart are no longer available as ordered.', jsonb_build_object('lines', problems));
      end if;
    end loop;

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
      affiliate_code, affiliate_id
    ) values (
      (request ->> 'clientOrderId')::uuid, request_hash, caller, request -> 'contact' ->> 'name',
      order_email, request -> 'contact' ->> 'phone', request -> 'delivery' ->> 'method',
      request -> 'delivery' ->> 'county', request -> 'delivery' ->> 'town',
      request -> 'delivery' ->> 'street', request -> 'delivery' ->> 'note',
      request -> 'delivery' ->> 'pickupPoint', subtotal, discount_total, fee, goods_total + fee,
      request ->> 'paymentMethod', request ->> 'affiliateCode', referrer.id
    )
    returning id into new_order_id;

    insert into public.order_items (
      order_id, line_no, product_id, name, size, color, quantity, unit_price, discount,
      discounted_unit_price, line_total
    )
    select new_order_id, l.line + 1, l.product_id, l.name, l.size, l.color, l.quantity, l.unit_price,
      l.discount, l.discounted_unit_price, l.line_total
    from private.price_lines(request -> 'items') l;
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
 * What the cart would cost right now, without placing anything: current prices, per-line problems
 * (unavailable, invalid_size, invalid_color, sold_out, insufficient_stock) and the delivery fee. The
 * checkout page calls it to show per-line messages before the shopper pays. Takes { items, delivery? }
 * in the same shape as place_order.
 */
create function public.quote_order(payload jsonb)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  items jsonb;
  delivery jsonb;
  lines json;
  subtotal integer;
  discount_total integer;
  fee integer;
begin
  if payload is null or jsonb_typeof(payload) <> 'object' then
    perform private.refuse('400', 'invalid_request', 'The request must be a JSON object.');
  end if;
  perform private.assert_no_forbidden_keys(payload);
  items := private.normalize_cart_items(payload -> 'items');
  if payload -> 'delivery' is not null and jsonb_typeof(payload -> 'delivery') <> 'null' then
    delivery := private.normalize_delivery(payload -> 'delivery');
  end if;

  select json_agg(json_build_object(
      'line', l.line, 'productId', l.product_id, 'name', l.name, 'size', l.size, 'color', l.color,
      'quantity', l.quantity, 'price', l.unit_price, 'discount', l.discount,
      'unitPrice', l.discounted_unit_price, 'lineTotal', l.line_total, 'available', l.available,
      'problem', l.problem
    ) order by l.line),
    coalesce(sum(l.unit_price * l.quantity) filter (where l.problem is null), 0),
    coalesce(sum((l.unit_price - l.discounted_unit_price) * l.quantity) filter (where l.problem is null), 0)
  into lines, subtotal, discount_total
  from private.price_lines(items) l;

  if delivery is not null and subtotal > 0 then
    fee := private.delivery_fee(delivery ->> 'method', delivery ->> 'county', subtotal - discount_total);
  end if;

  return json_build_object(
    'currency', 'KES',
    'lines', lines,
    'subtotal', subtotal,
    'discountTotal', discount_total,
    'deliveryFee', fee,
    'total', case when fee is not null then subtotal - discount_total + fee end,
    'freeDeliveryFrom', (select s.free_delivery_from from public.store_settings s)
  );
end;
$$;

revoke all on function public.quote_order(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.quote_order(jsonb) to anon, authenticated, service_role;

/**
 * The guest's private order link (/orders/LK-240001?token=…): the order number plus its random access
 * token open the order document. A wrong pair and an unknown order look the same (404).
 */
create function public.order_by_token(order_number text, token text)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found_id uuid;
begin
  select o.id into found_id
  from public.orders o
  where o.order_number = upper(btrim(order_by_token.order_number))
    and o.access_token = order_by_token.token;
  if found_id is null then
    perform private.refuse('404', 'order_not_found', 'We could not find that order.');
  end if;
  return private.order_json(found_id);
end;
$$;

revoke all on function public.order_by_token(text, text) from public, anon, authenticated, service_role;
grant execute on function public.order_by_token(text, text) to anon, authenticated, service_role;

revoke all on function private.refuse(text, text, text, jsonb) from public, anon, authenticated, service_role;
revoke all on function private.assert_no_forbidden_keys(jsonb) from public, anon, authenticated, service_role;
revoke all on function private.normalize_cart_items(jsonb) from public, anon, authenticated, service_role;
revoke all on function private.normalize_delivery(jsonb) from public, anon, authenticated, service_role;
revoke all on function private.normalize_order_request(jsonb) from public, anon, authenticated, service_role;
revoke all on function private.price_lines(jsonb) from public, anon, authenticated, service_role;
revoke all on function private.delivery_fee(text, text, integer) from public, anon, authenticated, service_role;
revoke all on function private.order_json(uuid) from public, anon, authenticated, service_role;
revoke all on function private.replay_order(public.orders, text, uuid) from public, anon, authenticated, service_role;
