-- The referral window is measured from when the server first saw a code for a customer, not from a
-- capture date the client sends: a client can claim any date, but it cannot move the server's clock.

/**
 * When the store first saw a referral code on an order from one customer (by phone, and by account
 * when signed in). The first sighting is kept for good; the window runs from it.
 */
create table private.referral_first_sight (
  affiliate_code text not null,
  customer text not null,
  first_seen_at timestamptz not null default now(),
  primary key (affiliate_code, customer)
);
alter table private.referral_first_sight enable row level security;
revoke all on table private.referral_first_sight from public, anon, authenticated, service_role;

/**
 * Drops the referral from a new order once the customer's first sighting of its code is older than
 * the store's referral lifetime, whatever capture date the client sent. Security definer because
 * shoppers cannot see the private schema; it touches only the sightings and the row being inserted.
 */
create function private.enforce_referral_window()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  customers text[];
  seen timestamptz;
  lifetime integer;
begin
  customers := array['phone:' || new.phone];
  if new.user_id is not null then
    customers := customers || ('user:' || new.user_id::text);
  end if;
  insert into private.referral_first_sight (affiliate_code, customer)
  select new.affiliate_code, c from unnest(customers) as c
  on conflict do nothing;
  select min(f.first_seen_at) into seen
    from private.referral_first_sight f
   where f.affiliate_code = new.affiliate_code and f.customer = any (customers);
  select s.affiliate_code_lifetime_days into lifetime from public.store_settings s;
  if seen < now() - make_interval(days => lifetime) then
    new.affiliate_code := null;
    new.affiliate_id := null;
  end if;
  return new;
end;
$$;

revoke all on function private.enforce_referral_window() from public, anon, authenticated, service_role;

create trigger orders_enforce_referral_window
  before insert on public.orders
  for each row when (new.affiliate_code is not null)
  execute function private.enforce_referral_window();
