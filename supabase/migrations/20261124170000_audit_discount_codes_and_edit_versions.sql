-- Discount codes are staff actions worth a trace: who created, changed or switched off a code, and its
-- values before and after. Redemptions are shoppers' checkouts, not staff actions, and are left out.
create trigger audit after insert or update or delete on public.discount_codes
  for each row execute function private.audit_row_change('discount');

/**
 * A product's edit_version moves on with every update (it guards staff from saving over each other), so
 * like updated_at it is bookkeeping: an update that changes nothing else leaves no audit row.
 */
create or replace function private.audit_row_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  api_role text := coalesce(claims ->> 'role', '');
  actor uuid;
  staff_role text;
  -- An order's private-link token opens the order: it never goes into the trail.
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'access_token' end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'access_token' end;
  subject_column text := coalesce(tg_argv[1], 'id');
  changed_before jsonb;
  changed_after jsonb;
begin
  if api_role = 'service_role' then
    staff_role := 'service_role';
  elsif api_role = 'authenticated' then
    actor := nullif(claims ->> 'sub', '')::uuid;
    select case when bool_or(ur.role = 'admin') then 'admin' else min(ur.role) end
      into staff_role
      from public.user_roles ur
     where ur.user_id = actor;
    -- Someone giving up their own role is still staff for that change.
    if staff_role is null and tg_table_name = 'user_roles' and (old_row ->> 'user_id')::uuid = actor then
      staff_role := old_row ->> 'role';
    end if;
  elsif api_role = '' and coalesce(tg_argv[2], '') = 'always' then
    staff_role := 'system';
  end if;
  if staff_role is null then
    return null;
  end if;

  if tg_op = 'UPDATE' then
    select jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
      into changed_before, changed_after
      from jsonb_each(old_row) o
     where o.key not in ('updated_at', 'edit_version') and (new_row -> o.key) is distinct from o.value;
    if changed_before is null then
      return null;
    end if;
  else
    changed_before := old_row;
    changed_after := new_row;
  end if;

  insert into public.audit_log (actor_id, actor_email, actor_role, kind, action, table_name,
                                subject_id, before, after)
  values (actor, (select u.email from auth.users u where u.id = actor), staff_role, tg_argv[0],
          lower(tg_op), tg_table_name, coalesce(new_row, old_row) ->> subject_column,
          changed_before, changed_after);
  return null;
end;
$$;
revoke all on function private.audit_row_change() from public, anon, authenticated, service_role;
