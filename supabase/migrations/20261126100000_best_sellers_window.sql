-- Best sellers are what sells now: only sales within the store's window count, so last season's
-- favourite leaves the rail once shoppers stop buying it.

/** How many days back the home page's "Best sellers" counts paid sales (admins change it). */
alter table public.store_settings
  add column best_sellers_days integer not null default 30
    check (best_sellers_days between 1 and 365);

grant update (best_sellers_days) on table public.store_settings to authenticated;

/**
 * The ids of up to `max_count` (1 to 24) active products, most units sold first, ties by product id.
 * A sale counts while it is recent: the order is paid and not cancelled (a refunded one no longer
 * counts) and was paid (or, without a payment time, placed) within the last
 * `store_settings.best_sellers_days` days (30 unless admins change it). While fewer products than that
 * have sold in the window (a new shop, a quiet month), the rest are the featured products, then the
 * best rated, so the rail is never empty. Anyone may ask: it tells only product ids, never an order.
 */
create or replace function public.best_sellers(max_count integer default 8)
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  with wanted as (
    select least(greatest(coalesce(max_count, 8), 1), 24) as n
  ), since as (
    select now() - make_interval(days => coalesce(
      (select s.best_sellers_days from public.store_settings s limit 1), 30)) as at
  ), sold as (
    select i.product_id as id, sum(i.quantity)::bigint as units
    from public.order_items i
    join public.orders o on o.id = i.order_id
    join public.products p on p.id = i.product_id
    where o.payment_status = 'paid'
      and o.status <> 'cancelled'
      and coalesce(o.paid_at, o.created_at) >= (select at from since)
      and p.active
    group by i.product_id
  ), ranked as (
    select s.id, 0 as tier, s.units as units, 0::numeric as rating, s.id as tie
    from sold s
    union all
    select p.id, 1, 0, p.rating + (case when p.featured then 10 else 0 end), p.id
    from public.products p
    where p.active and p.stock > 0 and not exists (select 1 from sold s where s.id = p.id)
  )
  select r.id
  from ranked r
  order by r.tier, r.units desc, r.rating desc, r.tie collate "C"
  limit (select n from wanted)
$$;

revoke all on function public.best_sellers(integer) from public, anon, authenticated, service_role;
grant execute on function public.best_sellers(integer) to anon, authenticated, service_role;
