-- Foundation: extensions, the private schema, shared helpers, staff roles and the store's own settings
-- (counties, delivery fees, pickup points) that every order is priced against.
--
-- Grants are explicit everywhere: hosted projects no longer grant new public objects to anon /
-- authenticated / service_role by default, and older projects still do, so each object first revokes
-- everything and then grants exactly what it needs. The result is the same on both.

create extension if not exists citext with schema extensions;
create extension if not exists pgcrypto with schema extensions;

/**
 * Helpers that policies and security definer functions use but that the API must never expose:
 * PostgREST only serves `public`, and nobody but the owner has usage on this schema.
 */
create schema if not exists private;
revoke all on schema private from public;

/** Keeps `updated_at` honest without trusting the client to send it. */
create function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

/**
 * Kenyan mobile numbers arrive as 07XXXXXXXX, 01XXXXXXXX, +2547…, 2547… (with spaces or dashes);
 * the store keeps one form, 2547XXXXXXXX / 2541XXXXXXXX, which M-Pesa also expects. Null when the input
 * is not a Kenyan mobile number.
 */
create function private.normalize_ke_phone(raw text)
returns text
language sql
immutable
set search_path = ''
as $$
  with digits as (
    select regexp_replace(coalesce(raw, ''), '[\s\-().]', '', 'g') as d
  ), canonical as (
    select case
      when d ~ '^\+254[17][0-9]{8}$' then substr(d, 2)
      when d ~ '^254[17][0-9]{8}$' then d
      when d ~ '^0[17][0-9]{8}$' then '254' || substr(d, 2)
      when d ~ '^[17][0-9]{8}$' then '254' || d
    end as phone
    from digits
  )
  select phone from canonical
$$;

revoke all on function private.touch_updated_at() from public, anon, authenticated, service_role;
revoke all on function private.normalize_ke_phone(text) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- Staff roles
-- ---------------------------------------------------------------------------------------------------

/**
 * Who is staff. Roles live here and only here: never in user_metadata, which every user can edit.
 * admin can do everything (including payouts and granting roles); manager runs products, orders and
 * affiliates.
 */
create table public.user_roles (
  user_id uuid references auth.users on delete cascade,
  role text check (role in ('admin', 'manager')),
  primary key (user_id, role)
);
alter table public.user_roles enable row level security;

/**
 * The one staff check every policy and function uses. True when the caller (auth.uid(), from the
 * verified JWT) holds `role_name`, or is admin (admin includes manager). Read live, so a demoted admin
 * loses access on the next request, not when the token expires. Security definer so that policies on
 * user_roles itself do not recurse.
 */
create function public.has_role(role_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.user_roles ur
    where ur.user_id = (select auth.uid())
      and (ur.role = role_name or ur.role = 'admin')
  )
$$;

revoke all on function public.has_role(text) from public, anon, authenticated, service_role;
grant execute on function public.has_role(text) to authenticated, service_role;

revoke all on table public.user_roles from anon, authenticated, service_role;
grant select, insert, delete on table public.user_roles to authenticated;
grant select, insert, update, delete on table public.user_roles to service_role;

create policy "Users can see their own roles"
  on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins can see every role"
  on public.user_roles for select to authenticated
  using ((select public.has_role('admin')));

create policy "Admins can grant roles"
  on public.user_roles for insert to authenticated
  with check ((select public.has_role('admin')));

create policy "Admins can revoke roles"
  on public.user_roles for delete to authenticated
  using ((select public.has_role('admin')));

-- ---------------------------------------------------------------------------------------------------
-- Where the store delivers, and what it costs
-- ---------------------------------------------------------------------------------------------------

/** The 47 counties of Kenya (same list and order as store-config.ts); addresses and orders reference it. */
create table public.counties (
  code smallint primary key check (code between 1 and 47),
  name text not null unique
);
alter table public.counties enable row level security;

insert into public.counties (code, name) values
  (1, 'Mombasa'), (2, 'Kwale'), (3, 'Kilifi'), (4, 'Tana River'), (5, 'Lamu'), (6, 'Taita-Taveta'),
  (7, 'Garissa'), (8, 'Wajir'), (9, 'Mandera'), (10, 'Marsabit'), (11, 'Isiolo'), (12, 'Meru'),
  (13, 'Tharaka-Nithi'), (14, 'Embu'), (15, 'Kitui'), (16, 'Machakos'), (17, 'Makueni'),
  (18, 'Nyandarua'), (19, 'Nyeri'), (20, 'Kirinyaga'), (21, 'Murang''a'), (22, 'Kiambu'),
  (23, 'Turkana'), (24, 'West Pokot'), (25, 'Samburu'), (26, 'Trans-Nzoia'), (27, 'Uasin Gishu'),
  (28, 'Elgeyo-Marakwet'), (29, 'Nandi'), (30, 'Baringo'), (31, 'Laikipia'), (32, 'Nakuru'),
  (33, 'Narok'), (34, 'Kajiado'), (35, 'Kericho'), (36, 'Bomet'), (37, 'Kakamega'), (38, 'Vihiga'),
  (39, 'Bungoma'), (40, 'Busia'), (41, 'Siaya'), (42, 'Kisumu'), (43, 'Homa Bay'), (44, 'Migori'),
  (45, 'Kisii'), (46, 'Nyamira'), (47, 'Nairobi');

revoke all on table public.counties from anon, authenticated, service_role;
grant select on table public.counties to anon, authenticated, service_role;

create policy "Everyone can see the counties"
  on public.counties for select to anon, authenticated
  using (true);

/**
 * The store's own numbers that decide what an order costs. One row (id is always true). The delivery
 * fees must match supabase/functions/_shared/store-config.ts, which the web app shows; a test keeps
 * the two in step.
 */
create table public.store_settings (
  id boolean primary key default true check (id),
  nairobi_delivery_fee integer not null check (nairobi_delivery_fee >= 0),
  other_county_delivery_fee integer not null check (other_county_delivery_fee >= 0),
  pickup_fee integer not null check (pickup_fee >= 0),
  free_delivery_from integer not null check (free_delivery_from > 0),
  affiliate_commission_percent integer not null default 10
    check (affiliate_commission_percent between 0 and 50),
  affiliate_code_lifetime_days integer not null default 30
    check (affiliate_code_lifetime_days between 1 and 365),
  updated_at timestamptz not null default now()
);
alter table public.store_settings enable row level security;

insert into public.store_settings (
  nairobi_delivery_fee, other_county_delivery_fee, pickup_fee, free_delivery_from,
  affiliate_commission_percent, affiliate_code_lifetime_days
) values (250, 450, 150, 5000, 10, 30);

create trigger store_settings_touch_updated_at
  before update on public.store_settings
  for each row execute function private.touch_updated_at();

revoke all on table public.store_settings from anon, authenticated, service_role;
grant select on table public.store_settings to anon, authenticated;
grant update (nairobi_delivery_fee, other_county_delivery_fee, pickup_fee, free_delivery_from,
  affiliate_commission_percent, affiliate_code_lifetime_days)
  on table public.store_settings to authenticated;
grant select, update on table public.store_settings to service_role;

create policy "Everyone can see the store settings"
  on public.store_settings for select to anon, authenticated
  using (true);

create policy "Admins can change the store settings"
  on public.store_settings for update to authenticated
  using ((select public.has_role('admin')))
  with check ((select public.has_role('admin')));

/** Where a shopper may collect an order instead of having it delivered. */
create table public.pickup_points (
  id text primary key check (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  county text not null references public.counties (name),
  town text not null,
  address text not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.pickup_points enable row level security;

create index pickup_points_county_idx on public.pickup_points (county);
create index pickup_points_active_idx on public.pickup_points (active);

insert into public.pickup_points (id, name, county, town, address) values
  ('hub-karen', 'Luxe Kenya, The Hub Karen', 'Nairobi', 'Karen',
   'The Hub Karen, Dagoretti Road, Nairobi');

create trigger pickup_points_touch_updated_at
  before update on public.pickup_points
  for each row execute function private.touch_updated_at();

revoke all on table public.pickup_points from anon, authenticated, service_role;
grant select on table public.pickup_points to anon;
grant select, insert, update, delete on table public.pickup_points to authenticated, service_role;

create policy "Everyone can see the open pickup points"
  on public.pickup_points for select to anon, authenticated
  using (active);

create policy "Staff can see every pickup point"
  on public.pickup_points for select to authenticated
  using ((select public.has_role('manager')));

create policy "Staff can add pickup points"
  on public.pickup_points for insert to authenticated
  with check ((select public.has_role('manager')));

create policy "Staff can edit pickup points"
  on public.pickup_points for update to authenticated
  using ((select public.has_role('manager')))
  with check ((select public.has_role('manager')));

create policy "Staff can remove pickup points"
  on public.pickup_points for delete to authenticated
  using ((select public.has_role('manager')));
