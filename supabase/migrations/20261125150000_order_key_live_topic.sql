-- A guest's open order page learns of its order's changes at once: every change of an order is
-- broadcast (from the database, with realtime.send) on a private topic that only the holder of the
-- order's key can name, and a policy on realtime.messages lets exactly those callers listen there.
-- The message says only that the order changed; the page reads the order again with its key.

/**
 * An order's live topic: `order-key:<order id>.<sha-256 of the order key, hex>`. Naming it takes the
 * key; the key itself is never written into a topic or a message.
 */
create function private.order_key_topic(order_id uuid, access_token text)
returns text
language sql
stable
set search_path = ''
as $$
  select 'order-key:' || order_id::text || '.'
    || encode(pg_catalog.sha256(pg_catalog.convert_to(access_token, 'UTF8')), 'hex')
$$;

revoke all on function private.order_key_topic(uuid, text) from public, anon, authenticated, service_role;

/**
 * Whether `topic` is some order's live topic, i.e. whether the caller holds that order's key. Used
 * by the realtime policy below; answers nothing a key holder does not already know.
 */
create function public.may_follow_order(topic text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wanted uuid;
begin
  if topic is null or topic !~ '^order-key:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[0-9a-f]{64}$' then
    return false;
  end if;
  wanted := substr(topic, 11, 36)::uuid;
  return exists (
    select 1 from public.orders o
    where o.id = wanted and private.order_key_topic(o.id, o.access_token) = topic
  );
end;
$$;

revoke all on function public.may_follow_order(text) from public, anon, authenticated, service_role;
grant execute on function public.may_follow_order(text) to anon, authenticated, service_role;

/** Key holders (guests and signed-in shoppers alike) hear their order's topic; nobody may send there. */
create policy "Order key holders read their order's topic"
  on realtime.messages for select to anon, authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select public.may_follow_order((select realtime.topic())))
  );

/** Every change of an order (status, payment, dispatch, refund) is announced on its live topic. */
create function private.announce_order_to_key_holder()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    '{}'::jsonb,
    'changed',
    private.order_key_topic(new.id, new.access_token),
    true
  );
  return null;
end;
$$;

revoke all on function private.announce_order_to_key_holder() from public, anon, authenticated, service_role;

create trigger orders_announce_to_key_holder
  after update on public.orders
  for each row execute function private.announce_order_to_key_holder();
