-- The embedded Realtime server's own machinery (installed by the server at start, like hosted Realtime
-- runs its own migrations). Committed row changes of published tables and rows written to
-- realtime.messages are announced on the `realtime_local` channel; NOTIFY is sent only at commit.
-- Runs on PGlite and on PostgreSQL 15+.

create sequence if not exists realtime.local_change_seq;

/** Announcements too large for NOTIFY (8000 bytes) wait here until the server reads them. */
create table if not exists realtime.local_feed (
  id bigint generated always as identity primary key,
  body jsonb not null,
  created_at timestamptz not null default now()
);
alter table realtime.local_feed enable row level security;
revoke all on table realtime.local_feed from public;

create or replace function realtime.local_announce(body jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  msg text := body::text;
  feed_id bigint;
begin
  if octet_length(msg) > 7000 then
    insert into realtime.local_feed (body) values (body) returning id into feed_id;
    msg := jsonb_build_object('ref', feed_id)::text;
  end if;
  perform pg_notify('realtime_local', msg);
end;
$$;

create or replace function realtime.local_capture()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.local_announce(jsonb_build_object(
    'k', 'change',
    'seq', nextval('realtime.local_change_seq'),
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'ts', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
    'old', case when tg_op <> 'INSERT' then to_jsonb(old) end
  ));
  return null;
end;
$$;

create or replace function realtime.local_capture_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.extension = 'broadcast' and new.event is distinct from 'realtime-check' then
    perform realtime.local_announce(jsonb_build_object(
      'k', 'broadcast',
      'seq', nextval('realtime.local_change_seq'),
      'id', new.id,
      'topic', new.topic,
      'event', new.event,
      'payload', coalesce(new.payload, '{}'::jsonb),
      'private', coalesce(new.private, true)
    ));
  end if;
  return null;
end;
$$;

/**
 * Every published table gets the capture trigger (idempotent; run at start and on joins). Tables are
 * matched by oid, never by casting names to regclass: the planner may evaluate such a cast on every
 * relation (pg_toast's too, which the owner may not look into) before the publication filter. A table
 * that cannot take the trigger (another owner's) is skipped and returned with the reason; the others
 * still get theirs.
 */
drop function if exists realtime.local_sync_capture();
create function realtime.local_sync_capture()
returns table (failed_table text, reason text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  t record;
begin
  for t in
    select n.nspname as schemaname, c.relname as tablename
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_namespace n on n.nspname = p.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
      and not exists (
        select 1 from pg_catalog.pg_trigger g
        where g.tgrelid = c.oid and g.tgname = 'realtime_local_capture'
      )
  loop
    begin
      execute format(
        'create trigger realtime_local_capture after insert or update or delete on %I.%I
           for each row execute function realtime.local_capture()',
        t.schemaname, t.tablename);
    exception when others then
      failed_table := format('%I.%I', t.schemaname, t.tablename);
      reason := sqlerrm;
      return next;
    end;
  end loop;
  if to_regclass('realtime.messages') is not null and not exists (
    select 1 from pg_catalog.pg_trigger g
    where g.tgrelid = 'realtime.messages'::regclass and g.tgname = 'realtime_local_capture'
  ) then
    create trigger realtime_local_capture after insert on realtime.messages
      for each row execute function realtime.local_capture_message();
  end if;
end;
$$;

/**
 * Stages the rows a private channel's read check looks for (as hosted Realtime does before it switches
 * to the caller's role); the caller's transaction is rolled back afterwards.
 */
create or replace function realtime.local_stage_check(check_topic text)
returns setof uuid
language sql
security definer
set search_path = ''
as $$
  insert into realtime.messages (topic, extension, event, payload, private)
  values (check_topic, 'broadcast', 'realtime-check', '{}', true),
         (check_topic, 'presence', 'realtime-check', '{}', true)
  returning id;
$$;

revoke all on function realtime.local_announce(jsonb) from public;
revoke all on function realtime.local_sync_capture() from public;
revoke all on function realtime.local_stage_check(text) from public;
grant execute on function realtime.local_stage_check(text) to anon, authenticated, service_role;
