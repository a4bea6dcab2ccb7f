-- "Where is my order LK-240001?" in the chat: the status of one order, for its owner only.

/**
 * Failed guest look-ups by order number (a wrong phone, or no such order), so that the phone of a guest
 * order cannot be found by trying numbers: after five failures in an hour the order number answers
 * nothing more for a while. Nobody reads or writes it through the API; only the function below does.
 */
create table private.order_lookup_failures (
  id bigint generated always as identity primary key,
  order_number text not null check (char_length(order_number) <= 40),
  failed_at timestamptz not null default now()
);
alter table private.order_lookup_failures enable row level security;
create index order_lookup_failures_number_idx
  on private.order_lookup_failures (order_number, failed_at desc);
revoke all on table private.order_lookup_failures from public, anon, authenticated, service_role;

/**
 * One order's progress as the assistant tells it: status, payment, delivery and lines, nothing about
 * the person (no name, email, phone or address). It answers the signed-in shopper who owns the order, or
 * anyone who gives a guest order's number with the phone it was placed with; for everyone else, an
 * unknown number and a wrong phone look the same: `{"found": false}`. Security definer because shoppers
 * cannot read guest orders; the owner and phone checks here are the rule.
 */
create function public.order_status_for_chat(order_number text, phone text default null)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  wanted text := upper(btrim(coalesce(order_status_for_chat.order_number, '')));
  caller uuid := auth.uid();
  given_phone text := private.normalize_ke_phone(order_status_for_chat.phone);
  target public.orders;
  recent integer;
begin
  if wanted !~ '^LK-[0-9]{1,12}$' then
    return json_build_object('found', false);
  end if;
  select o.* into target from public.orders o where o.order_number = wanted;

  if target.id is not null and caller is not null and target.user_id = caller then
    null;
  elsif given_phone is not null then
    select count(*) into recent
    from private.order_lookup_failures f
    where f.order_number = wanted and f.failed_at > now() - interval '1 hour';
    if recent >= 5 then
      return json_build_object('found', false, 'locked', true);
    end if;
    if target.id is null or target.user_id is not null or target.phone <> given_phone then
      insert into private.order_lookup_failures (order_number) values (wanted);
      return json_build_object('found', false);
    end if;
  else
    return json_build_object('found', false);
  end if;

  return json_build_object(
    'found', true,
    'orderNumber', target.order_number,
    'status', target.status,
    'paymentStatus', target.payment_status,
    'paymentMethod', target.payment_method,
    'total', target.total,
    'deliveryMethod', target.delivery_method,
    'county', target.county,
    'createdAt', target.created_at,
    'dispatchedAt', target.dispatched_at,
    'deliveredAt', target.delivered_at,
    'items', (
      select coalesce(json_agg(json_build_object(
        'name', i.name, 'size', i.size, 'color', i.color, 'quantity', i.quantity
      ) order by i.line_no), '[]'::json)
      from public.order_items i
      where i.order_id = target.id
    )
  );
end;
$$;

revoke all on function public.order_status_for_chat(text, text) from public, anon, authenticated, service_role;
grant execute on function public.order_status_for_chat(text, text) to anon, authenticated, service_role;
