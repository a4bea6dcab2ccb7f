-- Staff management: invitations, role changes, removals, and the rule that the store keeps an admin.

/**
 * Invitations an admin sent. The role is granted when the invitee confirms their address (opens the
 * invitation link), never before; an existing confirmed account gets it at once.
 */
create table public.staff_invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(email) and char_length(email) between 3 and 255),
  role text not null check (role in ('admin', 'manager')),
  invited_by uuid references auth.users on delete set null,
  invited_at timestamptz not null default now(),
  accepted_at timestamptz,
  accepted_by uuid references auth.users on delete set null
);
alter table public.staff_invitations enable row level security;

create unique index staff_invitations_one_open_per_email
  on public.staff_invitations (email) where accepted_at is null;

revoke all on table public.staff_invitations from anon, authenticated, service_role;
grant select on table public.staff_invitations to authenticated;
grant select, insert, update, delete on table public.staff_invitations to service_role;

create policy "Admins can see invitations"
  on public.staff_invitations for select to authenticated
  using ((select public.has_role('admin')));

/**
 * The store always keeps at least one admin: removing or demoting the last one is refused, whoever
 * asks (an admin through the API, a cascade from deleting the account). The lock makes two admins
 * removing each other at once take turns, so they cannot both succeed.
 */
create function private.keep_one_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role <> 'admin' or (tg_op = 'UPDATE' and new.role = 'admin') then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  perform pg_advisory_xact_lock(hashtext('public.user_roles admins'));
  if not exists (
    select 1 from public.user_roles ur
     where ur.role = 'admin' and ur.user_id <> old.user_id
  ) then
    perform private.refuse('409', 'last_admin',
      'The store must keep at least one admin. Make someone else an admin first.');
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke all on function private.keep_one_admin() from public, anon, authenticated, service_role;

create trigger user_roles_keep_one_admin
  before delete or update on public.user_roles
  for each row execute function private.keep_one_admin();

/** Grants the roles of open invitations once the invited address is confirmed. */
create function private.accept_staff_invitation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation record;
begin
  if new.email_confirmed_at is null or new.email is null then
    return new;
  end if;
  for invitation in
    select i.id, i.role from public.staff_invitations i
     where i.email = lower(new.email) and i.accepted_at is null
  loop
    delete from public.user_roles ur where ur.user_id = new.id and ur.role <> invitation.role;
    insert into public.user_roles (user_id, role) values (new.id, invitation.role)
      on conflict do nothing;
    update public.staff_invitations
       set accepted_at = now(), accepted_by = new.id
     where id = invitation.id;
  end loop;
  return new;
end;
$$;
revoke all on function private.accept_staff_invitation() from public, anon, authenticated, service_role;

create trigger on_auth_user_confirmed_accept_invitation
  after insert or update of email_confirmed_at on auth.users
  for each row execute function private.accept_staff_invitation();

create function private.assert_admin()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.has_role('admin') then
    raise exception using errcode = '42501', message = 'Only admins can manage staff.';
  end if;
end;
$$;
revoke all on function private.assert_admin() from public, anon, authenticated, service_role;

create function private.check_staff_role(role text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if role is null or role not in ('admin', 'manager') then
    perform private.refuse('400', 'invalid_role', 'Choose a role: admin or manager.');
  end if;
end;
$$;
revoke all on function private.check_staff_role(text) from public, anon, authenticated, service_role;

/**
 * Records an invitation (admins only). An address that already has a confirmed account gets the role
 * at once and needs no email; otherwise the caller sends the invitation email. Answers
 * `{ invitationId, email, role, existingAccount }`.
 */
create function public.invite_staff(email text, role text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := lower(trim(coalesce(email, '')));
  account_id uuid;
  confirmed boolean;
  invitation_id uuid;
begin
  perform private.assert_admin();
  perform private.check_staff_role(role);
  if address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(address) > 255 then
    perform private.refuse('400', 'invalid_email', 'Enter a valid email address.');
  end if;
  delete from public.staff_invitations i where i.email = address and i.accepted_at is null;
  insert into public.staff_invitations (email, role, invited_by)
    values (address, role, auth.uid())
    returning id into invitation_id;
  select u.id, u.email_confirmed_at is not null into account_id, confirmed
    from auth.users u where lower(u.email) = address;
  if confirmed then
    delete from public.user_roles ur where ur.user_id = account_id and ur.role <> invite_staff.role;
    insert into public.user_roles (user_id, role) values (account_id, invite_staff.role)
      on conflict do nothing;
    update public.staff_invitations
       set accepted_at = now(), accepted_by = account_id
     where id = invitation_id;
  end if;
  return jsonb_build_object('invitationId', invitation_id, 'email', address, 'role', role,
                            'existingAccount', coalesce(confirmed, false));
end;
$$;
revoke all on function public.invite_staff(text, text) from public, anon, authenticated, service_role;
grant execute on function public.invite_staff(text, text) to authenticated;

/** Gives a staff member exactly one role (admins only; the last admin cannot be demoted). */
create function public.set_staff_role(user_id uuid, role text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.assert_admin();
  perform private.check_staff_role(role);
  if not exists (select 1 from public.user_roles ur where ur.user_id = set_staff_role.user_id) then
    perform private.refuse('404', 'not_staff', 'That person is not on the staff.');
  end if;
  insert into public.user_roles (user_id, role) values (set_staff_role.user_id, set_staff_role.role)
    on conflict do nothing;
  delete from public.user_roles ur
   where ur.user_id = set_staff_role.user_id and ur.role <> set_staff_role.role;
end;
$$;
revoke all on function public.set_staff_role(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.set_staff_role(uuid, text) to authenticated;

/**
 * Takes every staff role from someone (admins only). Their open sessions lose staff rights on their
 * next request, since every check reads user_roles, never the token.
 */
create function public.remove_staff(user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.assert_admin();
  if not exists (select 1 from public.user_roles ur where ur.user_id = remove_staff.user_id) then
    perform private.refuse('404', 'not_staff', 'That person is not on the staff.');
  end if;
  delete from public.user_roles ur where ur.user_id = remove_staff.user_id;
end;
$$;
revoke all on function public.remove_staff(uuid) from public, anon, authenticated, service_role;
grant execute on function public.remove_staff(uuid) to authenticated;

/** Withdraws an invitation that has not been accepted (admins only). */
create function public.cancel_staff_invitation(invitation_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.assert_admin();
  delete from public.staff_invitations i
   where i.id = invitation_id and i.accepted_at is null;
  if not found then
    perform private.refuse('404', 'invitation_not_found', 'That invitation is no longer open.');
  end if;
end;
$$;
revoke all on function public.cancel_staff_invitation(uuid) from public, anon, authenticated, service_role;
grant execute on function public.cancel_staff_invitation(uuid) to authenticated;

/**
 * The staff page's list (admins only): each staff member with their role, and the open invitations.
 * Emails come from auth.users, which the API cannot read directly.
 */
create function public.staff_overview()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_admin();
  return jsonb_build_object(
    'members', coalesce((
      select jsonb_agg(m.member order by m.member ->> 'email')
        from (
          select jsonb_build_object(
                   'userId', u.id,
                   'email', u.email,
                   'fullName', coalesce(p.full_name, u.raw_user_meta_data ->> 'full_name', ''),
                   'role', case when bool_or(ur.role = 'admin') then 'admin' else 'manager' end,
                   'lastSignInAt', u.last_sign_in_at) as member
            from public.user_roles ur
            join auth.users u on u.id = ur.user_id
            left join public.profiles p on p.id = u.id
           group by u.id, u.email, p.full_name, u.raw_user_meta_data, u.last_sign_in_at
        ) m
    ), '[]'::jsonb),
    'invitations', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', i.id, 'email', i.email, 'role', i.role, 'invitedAt', i.invited_at)
             order by i.invited_at desc)
        from public.staff_invitations i
       where i.accepted_at is null
    ), '[]'::jsonb)
  );
end;
$$;
revoke all on function public.staff_overview() from public, anon, authenticated, service_role;
grant execute on function public.staff_overview() to authenticated;
