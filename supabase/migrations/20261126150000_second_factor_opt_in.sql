-- Anyone who turned two-step sign-in on (a verified factor) reads and writes their data only from a
-- session that passed the second step: with a password alone, the customer data stays closed to them
-- as it does to staff. This is Supabase's documented opt-in rule (restrictive policies over
-- `auth.mfa_factors`), through the function every restrictive second-step policy already asks.

-- Redefines staff_second_factor_ok (first in 20261125100000_staff_second_factor.sql): true at aal2;
-- below it only for someone with no verified factor who is not staff held to the store's rule.
create or replace function public.staff_second_factor_ok()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
      or (
        (not exists (select 1 from public.user_roles ur where ur.user_id = (select auth.uid()))
          or not coalesce(
            (select s.staff_require_second_factor from public.store_settings s where s.id), true))
        and not exists (
          select 1 from auth.mfa_factors f
           where f.user_id = (select auth.uid()) and f.status = 'verified')
      )
$$;
revoke all on function public.staff_second_factor_ok() from public, anon, authenticated, service_role;
grant execute on function public.staff_second_factor_ok() to authenticated, service_role;
