-- The embedded server keeps the catalogue version in memory instead of asking the database on every
-- read: it listens on this channel, and every change of the revision (whatever made it) says so here.
-- On the hosted project nothing listens, and a notification nobody listens for costs nothing.

create function private.notify_catalogue_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Sent at commit, and only if the transaction commits.
  perform pg_notify('catalogue_changed', '');
  return null;
end;
$$;

revoke all on function private.notify_catalogue_changed() from public, anon, authenticated, service_role;

create trigger catalogue_state_notify
  after insert or update or delete or truncate on private.catalogue_state
  for each statement execute function private.notify_catalogue_changed();
