-- Discount codes decided by the database: staff create them, the welcome offer issues one per email,
-- quote_order shows the saving before the order and place_order applies it. Emails the database wants
-- sent wait in an outbox (the local server delivers them to the dev inbox).

-- ---------------------------------------------------------------------------------------------------
-- Settings
-- ---------------------------------------------------------------------------------------------------

alter table public.store_settings
  add column welcome_discount_percent integer not null default 40
    check (welcome_discount_percent between 1 and 90),
  add column welcome_discount_cap integer not null default 7000 check (welcome_discount_cap > 0),
  add column welcome_code_days integer not null default 30 check (welcome_code_days between 1 and 365),
  add column code_attempt_limit integer not null default 10 check (code_attempt_limit between 1 and 100),
  add column code_attempt_window_minutes integer not null default 15
    check (code_attempt_window_minutes between 1 and 1440);

grant update (welcome_discount_percent, welcome_discount_cap, welcome_code_days, code_attempt_limit,
  code_attempt_window_minutes)
  on table public.store_settings to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- Outgoing email
-- ---------------------------------------------------------------------------------------------------

/** Emails to send. Written by database functions only; a mailer takes them with take_outgoing_emails(). */
create table private.outgoing_emails (
  id bigint generated always as identity primary key,
  to_email text not null check (char_length(to_email) <= 254),
  subject text not null check (char_length(subject) <= 200),
  body text not null,
  kind text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index outgoing_emails_unsent_idx on private.outgoing_emails (id) where sent_at is null;
revoke all on table private.outgoing_emails from public, anon, authenticated, service_role;

create function private.notify_outgoing_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('outgoing_email', '');
  return null;
end;
$$;
revoke all on function private.notify_outgoing_email() from public, anon, authenticated, service_role;

create trigger outgoing_emails_notify
  after insert on private.outgoing_emails
  for each statement execute function private.notify_outgoing_email();

create function private.queue_email(to_email text, subject text, body text, kind text)
returns void
language sql
volatile
set search_path = ''
as $$
  insert into private.outgoing_emails (to_email, subject, body, kind)
  values (lower(btrim(to_email)), subject, body, kind)
$$;
revoke all on function private.queue_email(text, text, text, text) from public, anon, authenticated, service_role;

/** The mailer's call: the emails not sent yet (oldest first), marked sent as they are handed over. */
create function public.take_outgoing_emails(max_count integer default 50)
returns table (id bigint, to_email text, subject text, body text, kind text, created_at timestamptz)
language sql
volatile
security definer
set search_path = ''
as $$
  with taken as (
    select e.id
    from private.outgoing_emails e
    where e.sent_at is null
    order by e.id
    limit greatest(1, least(max_count, 500))
    for update skip locked
  )
  update private.outgoing_emails e
  set sent_at = now()
  from taken
  where e.id = taken.id
  returning e.id, e.to_email, e.subject, e.body, e.kind, e.created_at
$$;
revoke all on function public.take_outgoing_emails(integer) from public, anon, authenticated, service_role;
grant execute on function public.take_outgoing_emails(integer) to service_role;

-- ---------------------------------------------------------------------------------------------------
-- Codes
-- ---------------------------------------------------------------------------------------------------

/**
 * A discount code. Percent (1–100) or a fixed amount in KES, optionally capped (`max_discount`), with
 * a minimum spend, a start and an end, a limit on all uses and on uses per customer, first order only,
 * and the categories or products it applies to (none named: the whole cart). `email` binds a code to
 * one address (the welcome code). A code that is not combinable is never used with another one.
 */
create table public.discount_codes (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code ~ '^[A-Z0-9][A-Z0-9-]{3,31}$'),
  description text check (char_length(description) <= 200),
  kind text not null check (kind in ('percent', 'fixed')),
  value integer not null check (value > 0),
  max_discount integer check (max_discount > 0),
  min_subtotal integer not null default 0 check (min_subtotal >= 0),
  starts_at timestamptz,
  ends_at timestamptz,
  max_uses integer check (max_uses > 0),
  max_uses_per_customer integer check (max_uses_per_customer > 0),
  first_order_only boolean not null default false,
  categories text[] not null default '{}',
  product_ids text[] not null default '{}',
  combinable boolean not null default false,
  email text check (email = lower(email) and char_length(email) <= 254),
  source text not null default 'staff' check (source in ('staff', 'welcome')),
  active boolean not null default true,
  created_by uuid references auth.users on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint discount_codes_percent_range check (kind <> 'percent' or value <= 100),
  constraint discount_codes_dates_in_order check (starts_at is null or ends_at is null or ends_at > starts_at)
);
alter table public.discount_codes enable row level security;

create unique index discount_codes_one_welcome_per_email
  on public.discount_codes (email) where source = 'welcome';

/** Codes are kept in capitals without spaces, so WELCOME10, welcome10 and " Welcome10 " are one code. */
create function private.normalize_discount_code()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.code := upper(btrim(new.code));
  return new;
end;
$$;
revoke all on function private.normalize_discount_code() from public, anon, authenticated, service_role;

create trigger discount_codes_normalize
  before insert or update of code on public.discount_codes
  for each row execute function private.normalize_discount_code();

create trigger discount_codes_touch_updated_at
  before update on public.discount_codes
  for each row execute function private.touch_updated_at();

revoke all on table public.discount_codes from anon, authenticated, service_role;
grant select on table public.discount_codes to authenticated;
grant insert (code, description, kind, value, max_discount, min_subtotal, starts_at, ends_at, max_uses,
  max_uses_per_customer, first_order_only, categories, product_ids, combinable, active)
  on table public.discount_codes to authenticated;
grant update (description, max_discount, min_subtotal, starts_at, ends_at, max_uses,
  max_uses_per_customer, first_order_only, categories, product_ids, combinable, active)
  on table public.discount_codes to authenticated;
grant select, insert, update, delete on table public.discount_codes to service_role;

create policy "Staff can see every discount code"
  on public.discount_codes for select to authenticated
  using ((select public.has_role('manager')));

create policy "Staff can create discount codes"
  on public.discount_codes for insert to authenticated
  with check ((select public.has_role('manager')));

create policy "Staff can edit discount codes"
  on public.discount_codes for update to authenticated
  using ((select public.has_role('manager')))
  with check ((select public.has_role('manager')));

/** One use of a code by one order, with the amount it took off. */
create table public.discount_redemptions (
  id bigint generated always as identity primary key,
  code_id uuid not null references public.discount_codes on delete restrict,
  order_id uuid not null references public.orders on delete cascade,
  amount integer not null check (amount > 0),
  created_at timestamptz not null default now(),
  unique (code_id, order_id)
);
alter table public.discount_redemptions enable row level security;
create index discount_redemptions_order_id_idx on public.discount_redemptions (order_id);

revoke all on table public.discount_redemptions from anon, authenticated, service_role;
revoke all on sequence public.discount_redemptions_id_seq from anon, authenticated, service_role;
grant select on table public.discount_redemptions to authenticated;
grant select, insert, update, delete on table public.discount_redemptions to service_role;

create policy "Staff can see every use of a code"
  on public.discount_redemptions for select to authenticated
  using ((select public.has_role('manager')));

/** Failed tries of unknown or someone else's codes, by who tried (address, account, device, email). */
create table private.discount_code_failures (
  id bigint generated always as identity primary key,
  subject text not null,
  created_at timestamptz not null default now()
);
create index discount_code_failures_subject_idx on private.discount_code_failures (subject, created_at);
revoke all on table private.discount_code_failures from public, anon, authenticated, service_role;

-- Orders record the codes and what they took off (included in discount_total, like sale prices).
alter table public.orders
  add column discount_codes text[] not null default '{}',
  add column code_discount integer not null default 0 check (code_discount >= 0),
  add constraint orders_code_discount_within check (code_discount <= discount_total);

alter table public.order_items
  add column code_discount integer not null default 0 check (code_discount >= 0),
  add constraint order_items_code_discount_within check (code_discount <= line_total);

-- ---------------------------------------------------------------------------------------------------
-- Applying codes
-- ---------------------------------------------------------------------------------------------------

/** The codes of a request: a list of up to 3 strings (or one string), in capitals; junk refused. */
create function private.normalize_discount_codes(payload jsonb)
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  raw jsonb := coalesce(payload -> 'discountCodes', payload -> 'discountCode');
  codes text[] := '{}';
  item jsonb;
  code text;
begin
  if raw is null or jsonb_typeof(raw) = 'null' then
    return codes;
  end if;
  if jsonb_typeof(raw) = 'string' then
    raw := jsonb_build_array(raw);
  end if;
  if jsonb_typeof(raw) <> 'array' or jsonb_array_length(raw) > 3 then
    perform private.refuse('400', 'invalid_discount_codes', 'At most 3 discount codes can be used at once.',
      jsonb_build_object('field', 'discountCodes'));
  end if;
  for item in select value from jsonb_array_elements(raw) loop
    code := case when jsonb_typeof(item) = 'string' then upper(regexp_replace(item #>> '{}', '\s', '', 'g')) end;
    if code is null or code !~ '^[A-Z0-9][A-Z0-9-]{0,31}$' then
      perform private.refuse('400', 'invalid_discount_code', 'That code is not valid. Check it and try again.',
        jsonb_build_object('field', 'discountCodes'));
    end if;
    codes := codes || code;
  end loop;
  return codes;
end;
$$;
revoke all on function private.normalize_discount_codes(jsonb) from public, anon, authenticated, service_role;

/** Who is trying codes: the client's address, the account, the device and the email named. */
create function private.code_try_subjects(caller uuid, email text, device text)
returns text[]
language plpgsql
stable
set search_path = ''
as $$
declare
  headers json;
  address text;
  subjects text[] := '{}';
begin
  begin
    headers := nullif(current_setting('request.headers', true), '')::json;
  exception when others then
    headers := null;
  end;
  address := btrim(split_part(coalesce(headers ->> 'cf-connecting-ip', headers ->> 'x-forwarded-for',
    headers ->> 'x-real-ip', ''), ',', 1));
  if address <> '' then subjects := subjects || ('ip:' || left(address, 64)); end if;
  if caller is not null then subjects := subjects || ('user:' || caller::text); end if;
  if email is not null then subjects := subjects || ('email:' || lower(email)); end if;
  if device is not null and device ~* '^[0-9a-f-]{36}$' then
    subjects := subjects || ('device:' || lower(device));
  end if;
  return subjects;
end;
$$;
revoke all on function private.code_try_subjects(uuid, text, text) from public, anon, authenticated, service_role;

create function private.code_tries_exhausted(subjects text[])
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1
    from private.discount_code_failures f, public.store_settings s
    where f.subject = any (subjects)
      and f.created_at > now() - make_interval(mins => s.code_attempt_window_minutes)
    group by f.subject, s.code_attempt_limit
    -- Many shoppers can share one address (mobile networks): an address gets five times the tries.
    having count(*) >= s.code_attempt_limit * case when f.subject like 'ip:%' then 5 else 1 end
  )
$$;
revoke all on function private.code_tries_exhausted(text[]) from public, anon, authenticated, service_role;

create function private.record_code_failure(subjects text[])
returns void
language sql
volatile
set search_path = ''
as $$
  insert into private.discount_code_failures (subject) select unnest(subjects)
$$;
revoke all on function private.record_code_failure(text[]) from public, anon, authenticated, service_role;

create function private.code_refusal(reason text, message text, code text, guessed boolean default false)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('ok', false, 'reason', reason, 'message', message, 'discountCode', code,
    'guessed', guessed)
$$;
revoke all on function private.code_refusal(text, text, text, boolean) from public, anon, authenticated, service_role;

/**
 * What the codes take off these (normalised) cart lines for this customer, or why one cannot be used.
 * Each code works on what earlier codes left; its amount is shared over the lines it applies to in
 * proportion to their price, so the saving per line always adds up to the code's amount and never
 * exceeds a line. `lock_codes` (placing an order) locks each code row, so two orders cannot both take
 * the last use. Returns {ok, codeDiscount, lines: [per-line amount], applied: [{id, code, amount}]} or
 * {ok: false, reason, message, discountCode, guessed}.
 */
create function private.apply_discount_codes(
  codes text[],
  items jsonb,
  order_email text,
  order_phone text,
  caller uuid,
  lock_codes boolean
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  c public.discount_codes;
  code_text text;
  amounts integer[];
  product_ids text[];
  categories text[];
  taken integer[];
  eligible boolean[];
  n integer;
  i integer;
  goods integer;
  base integer;
  amount integer;
  given integer;
  share integer;
  uses integer;
  applied jsonb := '[]';
begin
  select coalesce(array_agg(case when l.problem is null then l.line_total else 0 end order by l.line), '{}'),
    coalesce(array_agg(l.product_id order by l.line), '{}'),
    coalesce(array_agg(coalesce(p.category, '') order by l.line), '{}')
  into amounts, product_ids, categories
  from private.price_lines(items) l
  left join public.products p on p.id = l.product_id;
  n := cardinality(amounts);
  taken := array_fill(0, array[greatest(n, 1)]);
  goods := (select coalesce(sum(a), 0) from unnest(amounts) a);

  if cardinality(codes) = 0 then
    return jsonb_build_object('ok', true, 'codeDiscount', 0, 'lines', to_jsonb(taken[1:n]), 'applied', applied);
  end if;
  if (select count(distinct x) from unnest(codes) x) < cardinality(codes) then
    return private.code_refusal('code_repeated', 'A code can be used only once per order.', codes[1]);
  end if;

  foreach code_text in array codes loop
    if lock_codes then
      select * into c from public.discount_codes d where d.code = code_text for update;
    else
      select * into c from public.discount_codes d where d.code = code_text;
    end if;
    if not found or not c.active then
      return private.code_refusal('code_not_found', 'That code is not valid. Check it and try again.',
        code_text, true);
    end if;
    if c.email is not null and order_email is not null and c.email <> lower(order_email) then
      return private.code_refusal('code_other_customer',
        'This code was sent to a different email address. Use the email address it was sent to.',
        code_text, true);
    end if;
    if c.starts_at is not null and c.starts_at > now() then
      return private.code_refusal('code_not_started',
        format('This code can be used from %s.',
          to_char(c.starts_at at time zone 'Africa/Nairobi', 'FMDD Mon YYYY')), code_text);
    end if;
    if c.ends_at is not null and c.ends_at <= now() then
      return private.code_refusal('code_expired', 'This code has expired.', code_text);
    end if;
    if cardinality(codes) > 1 and not c.combinable then
      return private.code_refusal('code_not_combinable',
        format('%s cannot be combined with another code.', c.code), code_text);
    end if;
    if c.max_uses is not null then
      select count(*) into uses
      from public.discount_redemptions r
      join public.orders o on o.id = r.order_id
      where r.code_id = c.id and o.status <> 'cancelled';
      if uses >= c.max_uses then
        return private.code_refusal('code_used_up', 'This code has already been used.', code_text);
      end if;
    end if;
    if c.max_uses_per_customer is not null then
      select count(*) into uses
      from public.discount_redemptions r
      join public.orders o on o.id = r.order_id
      where r.code_id = c.id and o.status <> 'cancelled'
        and ((caller is not null and o.user_id = caller) or o.email = lower(order_email) or o.phone = order_phone);
      if uses >= c.max_uses_per_customer then
        return private.code_refusal('code_already_used', 'You have already used this code.', code_text);
      end if;
    end if;
    if c.first_order_only and exists (
      select 1 from public.orders o
      where o.status <> 'cancelled'
        and ((caller is not null and o.user_id = caller) or o.email = lower(order_email) or o.phone = order_phone)
    ) then
      return private.code_refusal('code_first_order_only', 'This code is for a first order only.', code_text);
    end if;
    if goods < c.min_subtotal then
      return private.code_refusal('code_min_spend',
        format('Spend at least KSh %s to use this code.', to_char(c.min_subtotal, 'FM999,999,999')), code_text);
    end if;

    eligible := array_fill(false, array[greatest(n, 1)]);
    base := 0;
    for i in 1 .. n loop
      eligible[i] := amounts[i] - taken[i] > 0 and (
        (cardinality(c.categories) = 0 and cardinality(c.product_ids) = 0)
        or product_ids[i] = any (c.product_ids)
        or categories[i] = any (c.categories));
      if eligible[i] then base := base + amounts[i] - taken[i]; end if;
    end loop;
    if base = 0 then
      return private.code_refusal('code_not_applicable', 'This code does not apply to the items in your cart.',
        code_text);
    end if;

    amount := case c.kind when 'percent' then round(base * c.value / 100.0)::integer else least(c.value, base) end;
    if c.max_discount is not null then amount := least(amount, c.max_discount); end if;

    -- Shared over the eligible lines by their price; what rounding leaves goes to the first lines.
    given := 0;
    for i in 1 .. n loop
      if eligible[i] then
        share := floor(amount::numeric * (amounts[i] - taken[i]) / base)::integer;
        taken[i] := taken[i] + share;
        given := given + share;
      end if;
    end loop;
    for i in 1 .. n loop
      exit when given >= amount;
      if eligible[i] and amounts[i] - taken[i] > 0 then
        share := least(amount - given, amounts[i] - taken[i]);
        taken[i] := taken[i] + share;
        given := given + share;
      end if;
    end loop;
    if amount > 0 then
      applied := applied || jsonb_build_array(jsonb_build_object('id', c.id, 'code', c.code, 'amount', amount,
        'kind', c.kind, 'value', c.value, 'maxDiscount', c.max_discount));
    end if;
  end loop;

  amount := (select coalesce(sum(t), 0) from unnest(taken[1:n]) t);
  if goods - amount <= 0 then
    return private.code_refusal('total_not_positive', 'A discount code cannot bring the total to zero or below.',
      codes[cardinality(codes)]);
  end if;
  return jsonb_build_object('ok', true, 'codeDiscount', amount, 'lines', to_jsonb(taken[1:n]), 'applied', applied);
end;
$$;
revoke all on function private.apply_discount_codes(text[], jsonb, text, text, uuid, boolean)
  from public, anon, authenticated, service_role;

/**
 * Checks codes for a request, counting guesses: a caller who has tried too many unknown codes is
 * refused every code for a while; an unknown code (or someone else's) counts as a try.
 */
create function private.check_discount_codes(
  codes text[],
  items jsonb,
  order_email text,
  order_phone text,
  caller uuid,
  device text,
  lock_codes boolean
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  subjects text[];
  outcome jsonb;
begin
  if cardinality(codes) = 0 then
    return private.apply_discount_codes(codes, items, order_email, order_phone, caller, lock_codes);
  end if;
  subjects := private.code_try_subjects(caller, order_email, device);
  if private.code_tries_exhausted(subjects) then
    return private.code_refusal('too_many_code_attempts',
      'Too many codes tried. Please wait a few minutes and try again.', codes[1]);
  end if;
  outcome := private.apply_discount_codes(codes, items, order_email, order_phone, caller, lock_codes);
  if not (outcome ->> 'ok')::boolean and (outcome ->> 'guessed')::boolean then
    perform private.record_code_failure(subjects);
  end if;
  return outcome;
end;
$$;
revoke all on function private.check_discount_codes(text[], jsonb, text, text, uuid, text, boolean)
  from public, anon, authenticated, service_role;
