-- Hosted projects load pg_safeupdate for the API roles' sessions: an UPDATE or DELETE without a WHERE
-- clause is refused, inside functions and triggers too. The revision bump had none, so every order, staff
-- product edit and cancellation failed there. The state table holds one row, keyed `id = true`: name it.

create or replace function private.bump_catalogue_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.catalogue_state set revision = revision + 1 where id;
  return null;
end;
$$;

revoke all on function private.bump_catalogue_revision() from public, anon, authenticated, service_role;
