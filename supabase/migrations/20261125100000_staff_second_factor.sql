-- Staff must use two-step sign-in: with the store setting on (the default), staff rights hold only in
-- a session that passed its second step (`aal2` in the access token), whoever checks them: every
-- policy and function asks public.has_role, and restrictive policies refuse staff reads of customer
-- data and staff writes from an `aal1` session even where a policy forgot to ask.

alter table public.store_settings
  add column staff_require_second_factor boolean not null default true;
grant update (staff_require_second_factor) on table public.store_settings to authenticated;

/**
 * True unless the caller is staff signed in with one step while the store requires two. Shoppers are
 * never affected. Reads the `aal` claim of the access token, as hosted Supabase documents.
 */
create function public.staff_second_factor_ok()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
      or not exists (select 1 from public.user_roles ur where ur.user_id = (select auth.uid()))
      or not coalesce(
        (select s.staff_require_second_factor from public.store_settings s where s.id), true)
$$;
revoke all on function public.staff_second_factor_ok() from public, anon, authenticated, service_role;
grant execute on function public.staff_second_factor_ok() to authenticated, service_role;

-- Redefines has_role (first in 20261121060000_foundation.sql): a role counts only in a session that
-- meets the store's second-step rule.
create or replace function public.has_role(role_name text)
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
  ) and public.staff_second_factor_ok()
$$;

-- Customer data: staff at aal1 neither read nor write it.
do $$
declare
  t text;
begin
  foreach t in array array['profiles', 'addresses', 'orders', 'order_items', 'payments',
    'affiliates', 'commissions', 'payouts', 'newsletter_subscribers', 'contact_messages',
    'discount_redemptions', 'staff_invitations', 'audit_log']
  loop
    execute format(
      'create policy "Staff need two-step sign-in to read" on public.%I as restrictive '
      'for select to authenticated using ((select public.staff_second_factor_ok()))', t);
    execute format(
      'create policy "Staff need two-step sign-in to add" on public.%I as restrictive '
      'for insert to authenticated with check ((select public.staff_second_factor_ok()))', t);
    execute format(
      'create policy "Staff need two-step sign-in to change" on public.%I as restrictive '
      'for update to authenticated using ((select public.staff_second_factor_ok())) '
      'with check ((select public.staff_second_factor_ok()))', t);
    execute format(
      'create policy "Staff need two-step sign-in to remove" on public.%I as restrictive '
      'for delete to authenticated using ((select public.staff_second_factor_ok()))', t);
  end loop;
  -- The catalogue and store set-up: everyone reads them; staff at aal1 change nothing.
  foreach t in array array['products', 'product_sizes', 'product_photos', 'discount_codes',
    'pickup_points', 'store_settings', 'watch_brands', 'counties', 'user_roles']
  loop
    execute format(
      'create policy "Staff need two-step sign-in to add" on public.%I as restrictive '
      'for insert to authenticated with check ((select public.staff_second_factor_ok()))', t);
    execute format(
      'create policy "Staff need two-step sign-in to change" on public.%I as restrictive '
      'for update to authenticated using ((select public.staff_second_factor_ok())) '
      'with check ((select public.staff_second_factor_ok()))', t);
    execute format(
      'create policy "Staff need two-step sign-in to remove" on public.%I as restrictive '
      'for delete to authenticated using ((select public.staff_second_factor_ok()))', t);
  end loop;
end;
$$;

/**
 * An admin removes a staff member's (or any user's) second factors, e.g. after a lost phone: the
 * person signs in with their password next and enrols again. Sessions the factors raised fall back to
 * aal1. Leaves one audit row naming the factors (never their secrets). Answers the number removed.
 */
create function public.remove_second_factors(user_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed jsonb;
  n integer;
begin
  perform private.assert_admin();
  select jsonb_agg(jsonb_build_object('id', f.id, 'factor_type', f.factor_type,
           'friendly_name', f.friendly_name, 'status', f.status) order by f.created_at),
         count(*)
    into removed, n
    from auth.mfa_factors f where f.user_id = remove_second_factors.user_id;
  if n = 0 then
    return 0;
  end if;
  update auth.sessions s set aal = 'aal1', factor_id = null
   where s.user_id = remove_second_factors.user_id and s.factor_id is not null;
  delete from auth.mfa_factors f where f.user_id = remove_second_factors.user_id;
  insert into public.audit_log (actor_id, actor_email, actor_role, kind, action, table_name,
                                subject_id, before, after)
  values (auth.uid(), (select u.email from auth.users u where u.id = auth.uid()), 'admin', 'factor',
          'delete', 'mfa_factors', remove_second_factors.user_id::text, removed, null);
  return n;
end;
$$;
revoke all on function public.remove_second_factors(uuid) from public, anon, authenticated, service_role;
grant execute on function public.remove_second_factors(uuid) to authenticated;
