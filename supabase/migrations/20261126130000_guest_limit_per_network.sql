-- A guest's device id is whatever the app (or anyone calling the API) sends, and phone numbers and
-- addresses are typed in: rotating all three escapes the per-device, per-phone and per-address limits.
-- The network address a request comes from is the one subject the client does not choose (the gateway
-- sets it: Cloudflare's cf-connecting-ip on hosted Supabase, the local server's own forwarded-for from
-- a trusted proxy only), so guest orders are also limited per network address a day. Many shoppers can
-- share one address on a mobile network, so its allowance is larger than the others.

alter table public.store_settings
  add column guest_orders_per_network_per_day integer not null default 30
    check (guest_orders_per_network_per_day between 1 and 10000);

grant update (guest_orders_per_network_per_day) on table public.store_settings to authenticated;

/** The network address of the API request being served, as the gateway reports it; null outside one. */
create function private.request_network_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  headers json;
  address text;
begin
  begin
    headers := nullif(current_setting('request.headers', true), '')::json;
  exception when others then
    return null;
  end;
  address := btrim(split_part(coalesce(headers ->> 'cf-connecting-ip', headers ->> 'x-forwarded-for',
    headers ->> 'x-real-ip', ''), ',', 1));
  return nullif(lower(left(address, 64)), '');
end;
$$;
revoke all on function private.request_network_address() from public, anon, authenticated, service_role;

/**
 * The network address each guest order was placed from, kept apart from the order (staff need not see
 * it, and nobody can write it through the API). Counted by check_guest_order_limits.
 */
create table private.guest_order_networks (
  order_id uuid primary key references public.orders (id) on delete cascade,
  address text not null,
  created_at timestamptz not null default now()
);
alter table private.guest_order_networks enable row level security;
revoke all on table private.guest_order_networks from public, anon, authenticated, service_role;
create index guest_order_networks_address_idx on private.guest_order_networks (address, created_at);

/** Notes the network address of a guest order as it is placed. */
create function private.note_guest_order_network()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := private.request_network_address();
begin
  if new.user_id is null and address is not null then
    insert into private.guest_order_networks (order_id, address) values (new.id, address);
  end if;
  return new;
end;
$$;
revoke all on function private.note_guest_order_network() from public, anon, authenticated, service_role;

create trigger orders_note_guest_network
  after insert on public.orders
  for each row execute function private.note_guest_order_network();

/**
 * Refuses a guest order when its phone, device, delivery address or network address already placed the
 * day's allowance of unpaid guest orders (a paid order holds nothing it has not paid for). Each subject
 * is locked until the order commits, so orders racing each other are counted one after another.
 */
create or replace function private.check_guest_order_limits(phone text, device uuid, address text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  settings public.store_settings;
  network text := private.request_network_address();
  subject text;
  placed integer;
begin
  select * into settings from public.store_settings;
  -- Locks in one order (sorted), so two orders sharing subjects never wait for each other in a circle.
  for subject in
    select s from unnest(array['phone:' || phone, 'device:' || device::text, 'address:' || address,
      'network:' || network]) s
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

  -- The subject the client cannot choose: a fresh device id, phone and address each time still count here.
  if network is not null then
    select count(*) into placed
    from private.guest_order_networks n
    join public.orders o on o.id = n.order_id
    where n.address = network and n.created_at > now() - interval '1 day'
      and o.user_id is null and o.payment_status <> 'paid';
    if placed >= settings.guest_orders_per_network_per_day then
      perform private.refuse('400', 'guest_network_limit',
        format('Too many unpaid guest orders were placed from this network today (%s). Please pay for them, sign in, or try again tomorrow.',
          placed),
        jsonb_build_object('limit', settings.guest_orders_per_network_per_day));
    end if;
  end if;
end;
$$;
revoke all on function private.check_guest_order_limits(text, uuid, text) from public, anon, authenticated, service_role;
