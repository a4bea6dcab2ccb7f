-- Shopper accounts: a profile per auth user and their saved delivery addresses.

/**
 * The shopper's own details beside auth.users (which the API never exposes). Created by a trigger at
 * sign-up from the `full_name` the sign-up form sends; the shopper may later change their name and
 * phone, nothing else. Staff can read profiles to serve customers.
 */
create table public.profiles (
  id uuid primary key references auth.users on delete cascade,
  full_name text check (char_length(full_name) <= 100),
  phone text check (phone ~ '^254[17][0-9]{8}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.profiles enable row level security;

create trigger profiles_touch_updated_at
  before update on public.profiles
  for each row execute function private.touch_updated_at();

revoke all on table public.profiles from anon, authenticated, service_role;
grant select on table public.profiles to authenticated;
grant update (full_name, phone) on table public.profiles to authenticated;
grant select, insert, update, delete on table public.profiles to service_role;

create policy "Users can see their own profile"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()));

create policy "Staff can see every profile"
  on public.profiles for select to authenticated
  using ((select public.has_role('manager')));

create policy "Users can edit their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

/**
 * Gives every new auth user a profile. Runs as the owner because the signing-up user has no insert
 * right on profiles; never reads roles or anything else from user metadata, and never fails a sign-up
 * over a badly formed name or phone (they are trimmed or dropped instead).
 */
create function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name, phone)
  values (
    new.id,
    nullif(left(btrim(coalesce(new.raw_user_meta_data ->> 'full_name', '')), 100), ''),
    private.normalize_ke_phone(new.raw_user_meta_data ->> 'phone')
  )
  on conflict (id) do nothing;
  return new;
end;
$$;

revoke all on function private.handle_new_user() from public, anon, authenticated, service_role;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

/** A shopper's saved delivery addresses; at most one is the default. */
create table public.addresses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users on delete cascade,
  label text check (char_length(label) <= 40),
  recipient_name text check (char_length(recipient_name) <= 100),
  phone text check (phone ~ '^254[17][0-9]{8}$'),
  county text not null references public.counties (name) on update cascade,
  town text not null check (char_length(btrim(town)) between 1 and 100),
  street text not null check (char_length(btrim(street)) between 1 and 200),
  note text check (char_length(note) <= 500),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.addresses enable row level security;

create index addresses_user_id_idx on public.addresses (user_id);
create unique index addresses_one_default_per_user on public.addresses (user_id) where is_default;
create index addresses_county_idx on public.addresses (county);

create trigger addresses_touch_updated_at
  before update on public.addresses
  for each row execute function private.touch_updated_at();

/**
 * Making an address the default quietly clears the previous default, so the client never has to
 * send two updates in the right order. Runs as the caller: RLS limits it to the caller's own rows.
 */
create function private.addresses_single_default()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_default then
    update public.addresses
    set is_default = false
    where user_id = new.user_id and is_default and id <> new.id;
  end if;
  return new;
end;
$$;

revoke all on function private.addresses_single_default() from public, anon, authenticated, service_role;

create trigger addresses_single_default
  before insert or update of is_default on public.addresses
  for each row execute function private.addresses_single_default();

revoke all on table public.addresses from anon, authenticated, service_role;
grant select, delete on table public.addresses to authenticated;
grant insert (label, recipient_name, phone, county, town, street, note, is_default)
  on table public.addresses to authenticated;
grant update (label, recipient_name, phone, county, town, street, note, is_default)
  on table public.addresses to authenticated;
grant select, insert, update, delete on table public.addresses to service_role;

create policy "Users can see their own addresses"
  on public.addresses for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can add their own addresses"
  on public.addresses for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can edit their own addresses"
  on public.addresses for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own addresses"
  on public.addresses for delete to authenticated
  using (user_id = (select auth.uid()));
