-- Realtime: what the store listens to, and who may listen.
-- Hosted projects already have the `supabase_realtime` publication, `realtime.messages`,
-- `realtime.topic()` and `realtime.send()` (Realtime's own migrations make them); a database without
-- them (the embedded one, a bare PostgreSQL) gets the same shapes here, and hosted keeps its own.

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end;
$$;

do $$
begin
  if to_regclass('realtime.messages') is null then
    create table realtime.messages (
      topic text not null,
      extension text not null,
      payload jsonb,
      event text,
      private boolean default false,
      updated_at timestamp without time zone not null default now(),
      inserted_at timestamp without time zone not null default now(),
      id uuid not null default gen_random_uuid(),
      primary key (id, inserted_at)
    );
    alter table realtime.messages enable row level security;
    grant usage on schema realtime to anon, authenticated, service_role;
    grant select, insert on table realtime.messages to anon, authenticated;
    grant all on table realtime.messages to service_role;
  end if;

  if to_regprocedure('realtime.topic()') is null then
    create function realtime.topic()
    returns text
    language sql
    stable
    as 'select nullif(current_setting(''realtime.topic'', true), '''')::text';
    grant execute on function realtime.topic() to anon, authenticated, service_role;
  end if;

  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    -- Broadcasts `payload` as `event` on `topic` to the channels listening there.
    create function realtime.send(payload jsonb, event text, topic text, private boolean default true)
    returns void
    language plpgsql
    security definer
    set search_path = ''
    as $body$
    begin
      insert into realtime.messages (payload, event, topic, private, extension)
      values (payload, event, topic, private, 'broadcast');
    end;
    $body$;
    revoke all on function realtime.send(jsonb, text, text, boolean) from public;
    grant execute on function realtime.send(jsonb, text, text, boolean) to service_role;
  end if;
end;
$$;

-- Shoppers follow their orders, staff the order list, every open store the catalogue and stock.
do $$
declare
  t text;
begin
  foreach t in array array['orders', 'products', 'product_sizes'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end;
$$;

/**
 * Staff pages (an order, a product) have private channels `staff:<page>`: staff see who else is there
 * and hear each other's saves; nobody else may join or send.
 */
create policy "Staff read staff channels"
  on realtime.messages for select to authenticated
  using (
    (select realtime.topic()) like 'staff:%'
    and realtime.messages.extension in ('broadcast', 'presence')
    and (select public.has_role('manager'))
  );

create policy "Staff write staff channels"
  on realtime.messages for insert to authenticated
  with check (
    (select realtime.topic()) like 'staff:%'
    and realtime.messages.extension in ('broadcast', 'presence')
    and (select public.has_role('manager'))
  );

/** Every open store hears at once that the catalogue changed, on the public `catalogue` topic. */
create function private.announce_catalogue_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('revision', (select s.revision from private.catalogue_state s where s.id)),
    'changed',
    'catalogue',
    false
  );
  return null;
end;
$$;

revoke all on function private.announce_catalogue_change() from public, anon, authenticated, service_role;

create trigger catalogue_state_announce
  after update on private.catalogue_state
  for each statement execute function private.announce_catalogue_change();
