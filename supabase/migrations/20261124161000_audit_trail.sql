-- The audit trail: every change staff (or the service key) make to the shop's data, written by the
-- database in the same transaction as the change.

/**
 * One row per changed row: who (user, their staff role at the time, their email then), when, what
 * (table, kind, the row it concerns) and the values before and after (only the columns that changed,
 * for an update). Append-only: nobody may change or delete a row, whatever their role.
 */
create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  actor_role text not null check (actor_role in ('admin', 'manager', 'service_role', 'system')),
  kind text not null check (kind ~ '^[a-z_]{1,40}$'),
  action text not null check (action in ('insert', 'update', 'delete')),
  table_name text not null,
  subject_id text,
  before jsonb,
  after jsonb
);
alter table public.audit_log enable row level security;

create index audit_log_at_idx on public.audit_log (at desc);
create index audit_log_actor_idx on public.audit_log (actor_id, at desc);
create index audit_log_kind_idx on public.audit_log (kind, at desc);
create index audit_log_subject_idx on public.audit_log (kind, subject_id, at desc);

revoke all on table public.audit_log from anon, authenticated, service_role;
grant select on table public.audit_log to authenticated, service_role;
revoke all on sequence public.audit_log_id_seq from anon, authenticated, service_role;

create policy "Admins can read the audit trail"
  on public.audit_log for select to authenticated
  using ((select public.has_role('admin')));

/** Refuses every change to a written audit row, the table owner's included. */
create function private.audit_log_is_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    errcode = '42501',
    message = 'The audit trail cannot be changed or deleted.';
end;
$$;
revoke all on function private.audit_log_is_append_only() from public, anon, authenticated, service_role;

create trigger audit_log_no_update_or_delete
  before update or delete on public.audit_log
  for each row execute function private.audit_log_is_append_only();

create trigger audit_log_no_truncate
  before truncate on public.audit_log
  for each statement execute function private.audit_log_is_append_only();

/**
 * Writes the audit row for one changed row. Attach it to a table in one line:
 *
 *   create trigger audit after insert or update or delete on public.<table>
 *     for each row execute function private.audit_row_change('<kind>'[, '<subject column>'[, 'always']]);
 *
 * kind names what staff filter by (product, order, payout, ...); the subject column (default `id`)
 * names the thing the row belongs to (a size row belongs to its product). Changes made by staff or the
 * service key are recorded; a shopper's own changes (their checkout taking stock) are not staff
 * actions. With 'always', changes made outside the API (the auth server accepting an invitation) are
 * recorded too, as 'system'. An update that changes nothing but `updated_at` leaves no row.
 */
create function private.audit_row_change()
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
     where o.key <> 'updated_at' and (new_row -> o.key) is distinct from o.value;
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

create trigger audit after insert or update or delete on public.products
  for each row execute function private.audit_row_change('product');
create trigger audit after insert or update or delete on public.product_sizes
  for each row execute function private.audit_row_change('product', 'product_id');
create trigger audit after insert or update or delete on public.watch_brands
  for each row execute function private.audit_row_change('catalogue');
create trigger audit after insert or update or delete on public.orders
  for each row execute function private.audit_row_change('order');
create trigger audit after insert or update or delete on public.payments
  for each row execute function private.audit_row_change('order', 'order_id');
create trigger audit after insert or update or delete on public.payouts
  for each row execute function private.audit_row_change('payout');
create trigger audit after insert or update or delete on public.commissions
  for each row execute function private.audit_row_change('affiliate', 'affiliate_id');
create trigger audit after insert or update or delete on public.affiliates
  for each row execute function private.audit_row_change('affiliate');
create trigger audit after insert or update or delete on public.user_roles
  for each row execute function private.audit_row_change('staff', 'user_id', 'always');
create trigger audit after insert or update or delete on public.staff_invitations
  for each row execute function private.audit_row_change('staff', 'email', 'always');
create trigger audit after insert or update or delete on public.store_settings
  for each row execute function private.audit_row_change('settings');
create trigger audit after insert or update or delete on public.pickup_points
  for each row execute function private.audit_row_change('settings');
