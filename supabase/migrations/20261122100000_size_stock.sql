-- Stock per size. A dress can be sold out in M and plentiful in L: shoppers must not buy a size that is
-- gone, and staff count stock size by size. Products that do not sell by size (bags, One Size items)
-- keep the single `products.stock` number, unchanged.

/**
 * How many of each size are left, for products that sell by size (clothing, shoes, kids). While a
 * product has rows here, its `products.stock` is the sum of them (kept so by triggers, whatever writes
 * it), so everything that reads the total (the catalogue, listings, reports) stays right. An offered
 * size without a row counts as sold out; a row is only for a size the product offers. Everyone sees
 * the rows of active products; staff (manager or admin) see and edit all of them.
 */
create table public.product_sizes (
  product_id text not null references public.products on delete cascade,
  size text not null check (char_length(size) between 1 and 40),
  stock integer not null default 0 check (stock >= 0),
  updated_at timestamptz not null default now(),
  primary key (product_id, size)
);
alter table public.product_sizes enable row level security;

create trigger product_sizes_touch_updated_at
  before update on public.product_sizes
  for each row execute function private.touch_updated_at();

revoke all on table public.product_sizes from anon, authenticated, service_role;
grant select on table public.product_sizes to anon;
grant select, insert, update, delete on table public.product_sizes to authenticated, service_role;

create policy "Everyone can see the size stock of active products"
  on public.product_sizes for select to anon, authenticated
  using (product_id in (select p.id from public.products p where p.active));

create policy "Staff can see every size stock"
  on public.product_sizes for select to authenticated
  using ((select public.has_role('manager')));

create policy "Staff can add size stock"
  on public.product_sizes for insert to authenticated
  with check ((select public.has_role('manager')));

create policy "Staff can edit size stock"
  on public.product_sizes for update to authenticated
  using ((select public.has_role('manager')))
  with check ((select public.has_role('manager')));

create policy "Staff can delete size stock"
  on public.product_sizes for delete to authenticated
  using ((select public.has_role('manager')));

/** A size row for a size the product does not offer would count stock nobody can buy: refuse it. */
create function private.check_size_offered()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.products p where p.id = new.product_id and new.size = any (p.sizes)
  ) then
    raise exception using
      errcode = '23514',
      constraint = 'product_sizes_size_offered',
      message = format('Size %s is not one of this product''s sizes.', new.size);
  end if;
  return new;
end;
$$;

create trigger product_sizes_size_offered
  before insert or update on public.product_sizes
  for each row execute function private.check_size_offered();

/**
 * Keeps `products.stock` equal to the sum of its size rows, once per statement for every product it
 * touched (a staff save or the seed writes many rows at once). Security definer because the total must
 * follow whoever changed a size row (staff through the API, an order, a cancellation).
 */
create function private.sync_product_stock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  touched text[];
begin
  if tg_op = 'UPDATE' then
    select array_agg(distinct x.product_id) into touched
    from (select c.product_id from changed c union all select b.product_id from changed_before b) x;
  else
    select array_agg(distinct c.product_id) into touched from changed c;
  end if;
  update public.products p
  set stock = sizes.total
  from (
    select s.product_id, sum(s.stock)::integer as total
    from public.product_sizes s
    where s.product_id = any (touched)
    group by s.product_id
  ) as sizes
  where p.id = sizes.product_id and p.stock <> sizes.total;
  return null;
end;
$$;

create trigger product_sizes_sync_after_insert
  after insert on public.product_sizes
  referencing new table as changed
  for each statement execute function private.sync_product_stock();

create trigger product_sizes_sync_after_update
  after update on public.product_sizes
  referencing old table as changed_before new table as changed
  for each statement execute function private.sync_product_stock();

create trigger product_sizes_sync_after_delete
  after delete on public.product_sizes
  referencing old table as changed
  for each statement execute function private.sync_product_stock();

/**
 * The other half of the rule: any write to a product that sells by size gets the sum of its size rows
 * as its stock, so a total cannot drift from its sizes (an old client or a direct update setting
 * `stock` changes nothing). A product whose last size row is removed keeps its total as one number.
 */
create function private.derive_product_stock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  total integer;
begin
  select sum(s.stock)::integer into total
  from public.product_sizes s
  where s.product_id = new.id and s.size = any (new.sizes);
  if total is not null then
    new.stock := total;
  end if;
  return new;
end;
$$;

create trigger products_derive_stock
  before update on public.products
  for each row execute function private.derive_product_stock();

/** A size the product stops offering takes its stock row with it (the total above already left it out). */
create function private.drop_unoffered_sizes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.product_sizes s where s.product_id = new.id and not (s.size = any (new.sizes));
  return null;
end;
$$;

create trigger products_drop_unoffered_sizes
  after update of sizes on public.products
  for each row when (old.sizes is distinct from new.sizes)
  execute function private.drop_unoffered_sizes();

revoke all on function private.check_size_offered() from public, anon, authenticated, service_role;
revoke all on function private.sync_product_stock() from public, anon, authenticated, service_role;
revoke all on function private.derive_product_stock() from public, anon, authenticated, service_role;
revoke all on function private.drop_unoffered_sizes() from public, anon, authenticated, service_role;

/**
 * One product's stock size by size, for its page: [{size, stock}] in the order the product lists its
 * sizes (an offered size without a row is 0). Empty when the product does not sell by size, is
 * switched off or does not exist. Security invoker: the caller's RLS applies, and inactive products
 * are filtered explicitly for staff callers too.
 */
create function public.product_size_stock(product_id text)
returns json
language sql
stable
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object('size', o.size, 'stock', coalesce(s.stock, 0))
    order by o.ord), '[]'::json)
  from public.products p
  cross join lateral unnest(p.sizes) with ordinality as o(size, ord)
  left join public.product_sizes s on s.product_id = p.id and s.size = o.size
  where p.id = product_size_stock.product_id
    and p.active
    and exists (select 1 from public.product_sizes t where t.product_id = p.id)
$$;

revoke all on function public.product_size_stock(text) from public, anon, authenticated, service_role;
grant execute on function public.product_size_stock(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- Checkout: the line checker, place_order and quote_order learn sizes
-- ---------------------------------------------------------------------------------------------------

/**
 * The words for a problem line, so any client (and the REST answer itself) can say what is wrong with
 * that line, naming the size or colour.
 */
create function private.line_problem_message(problem text, size text, color text, available integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case problem
    when 'unavailable' then 'This item is no longer available.'
    when 'invalid_size' then format('Size %s is no longer available for this item.', size)
    when 'invalid_color' then format('Colour %s is no longer available for this item.', color)
    when 'size_required' then 'Please choose a size for this item.'
    when 'sold_out' then
      case when size is null then 'Sold out.' else format('Size %s is sold out.', size) end
    when 'insufficient_stock' then
      case
        when size is null then format('Only %s left.', available)
        else format('Only %s left in size %s.', available, size)
      end
  end
$$;

revoke all on function private.line_problem_message(text, text, text, integer)
  from public, anon, authenticated, service_role;

/**
 * Prices each line of a normalised request from the products table and says what, if anything, is wrong
 * with it: unavailable (unknown or switched off), invalid_size / invalid_color (not offered),
 * size_required (the product sells by size and the line names none), sold_out, or insufficient_stock
 * (all lines of one product, or of one size of a product that sells by size, together ask for more
 * than there is). `available` is the chosen size's stock for a product that sells by size.
 */
create or replace function private.price_lines(items jsonb)
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
      sum(lines.quantity) over (partition by lines.product_id) as wanted,
      exists (select 1 from public.product_sizes t where t.product_id = lines.product_id) as by_size,
      coalesce(ps.stock, 0) as size_stock,
      sum(lines.quantity) over (partition by lines.product_id, lines.size) as wanted_of_size
    from lines
    left join public.products p on p.id = lines.product_id
    left join public.product_sizes ps on ps.product_id = lines.product_id and ps.size = lines.size
  )
  select priced.line, priced.product_id, priced.name, priced.size, priced.color, priced.quantity,
    priced.price, priced.discount, priced.discounted, priced.discounted * priced.quantity,
    case
      when not coalesce(priced.active, false) then 0
      when priced.by_size and priced.size is not null then priced.size_stock
      else priced.stock
    end,
    case
      when priced.name is null or not priced.active then 'unavailable'
      when priced.size is not null and cardinality(priced.sizes) > 0
        and not (priced.size = any (priced.sizes)) then 'invalid_size'
      when priced.color is not null and cardinality(priced.colors) > 0
        and not (priced.color = any (priced.colors)) then 'invalid_color'
      when priced.by_size and priced.size is null then 'size_required'
      when priced.by_size and priced.size_stock = 0 then 'sold_out'
      when priced.by_size and priced.wanted_of_size > priced.size_stock then 'insufficient_stock'
      when priced.by_size then null
      when priced.stock = 0 then 'sold_out'
      when priced.wanted > priced.stock then 'insufficient_stock'
    end
  from priced
  order by priced.line
$$;

/**
 * The only way to create an order. Validates the request, prices every line from the database (any
 * price or total the client sends is ignored), takes stock with conditional updates so two shoppers
 * can never both buy the last unit (of a product, or of one size of a product that sells by size),
 * adds the delivery fee from store_settings, records a valid referral (approved affiliate, not the
 * buyer themself) and returns the order document. Idempotent on clientOrderId: the same key and body
 * return the same order, forever.
 *
 * Refusals: PT400 (bad request; detail.code names the problem, detail.field the field), PT409 with
 * detail.code 'cart_conflict' and detail.lines (each problem line with its size, current price and
 * stock, and a message naming the size), PT409 'idempotency_key_reused', 42501 when the body names
 * another user.
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
 * (unavailable, invalid_size, invalid_color, size_required, sold_out, insufficient_stock, each with a
 * message naming the size) and the delivery fee. The checkout page calls it to show per-line messages
 * before the shopper pays. Takes { items, delivery? } in the same shape as place_order.
 */
create or replace function public.quote_order(payload jsonb)
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
      'problem', l.problem,
      'message', private.line_problem_message(l.problem, l.size, l.color, l.available)
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

-- ---------------------------------------------------------------------------------------------------
-- Order lifecycle: a cancelled order puts its sizes back
-- ---------------------------------------------------------------------------------------------------

/**
 * Staff move an order along: pending → confirmed → dispatched → delivered, or cancelled before
 * delivery. An M-Pesa order ships only once paid. Delivering a cash order records its payment.
 * Delivering approves the commission; cancelling puts the stock back (into the sizes bought, for a
 * product that sells by size) and reverses the commission. Setting the status an order already has
 * changes nothing.
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
  if next_status = 'dispatched' and o.payment_method = 'mpesa' and o.payment_status <> 'paid' then
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
