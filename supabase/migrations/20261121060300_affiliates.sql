-- The affiliate programme: who may earn commission on the orders they refer.

/**
 * One row per affiliate (a signed-in user who applied). The user applies by inserting their own row
 * (optionally choosing a code) and may change their payout phone; status and commission rate are
 * decided by staff through review_affiliate(), never by the affiliate.
 */
create table public.affiliates (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique default auth.uid() references auth.users on delete cascade,
  code text not null unique
    default substr(replace(gen_random_uuid()::text, '-', ''), 1, 8)
    check (code ~ '^[a-z0-9][a-z0-9-]{2,31}$'),
  status text not null default 'pending' check (status in ('pending', 'approved', 'suspended')),
  commission_percent integer not null default 10 check (commission_percent between 0 and 50),
  payout_phone text check (payout_phone ~ '^254[17][0-9]{8}$'),
  approved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.affiliates enable row level security;

create index affiliates_status_idx on public.affiliates (status);

create trigger affiliates_touch_updated_at
  before update on public.affiliates
  for each row execute function private.touch_updated_at();

/**
 * Codes travel in links (?ref=JANE) and are typed by hand: store them trimmed and lower-case so the
 * lookup at checkout is exact. Payout phones arrive in any Kenyan format and are stored in one.
 * Security definer only so the applying user need not see the private schema; it touches nothing but
 * the row being written.
 */
create function private.affiliates_normalize()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.code := lower(btrim(new.code));
  if new.payout_phone is not null then
    new.payout_phone := coalesce(private.normalize_ke_phone(new.payout_phone), new.payout_phone);
  end if;
  return new;
end;
$$;

revoke all on function private.affiliates_normalize() from public, anon, authenticated, service_role;

create trigger affiliates_normalize
  before insert or update of code, payout_phone on public.affiliates
  for each row execute function private.affiliates_normalize();

revoke all on table public.affiliates from anon, authenticated, service_role;
grant select on table public.affiliates to authenticated;
grant insert (code, payout_phone) on table public.affiliates to authenticated;
grant update (payout_phone) on table public.affiliates to authenticated;
grant select, insert, update, delete on table public.affiliates to service_role;

create policy "Users can see their own affiliate record"
  on public.affiliates for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Staff can see every affiliate"
  on public.affiliates for select to authenticated
  using ((select public.has_role('manager')));

create policy "Users can apply to become an affiliate"
  on public.affiliates for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Affiliates can change their own payout phone"
  on public.affiliates for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
