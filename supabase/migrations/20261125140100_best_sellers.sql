-- The home page's "Best sellers" rail: what shoppers really bought, from paid orders.

/**
 * The ids of up to `max_count` (1 to 24) active products, most units sold in paid orders first (an order paid and
 * not cancelled; a refunded one no longer counts), ties by product id. While fewer products than that
 * have sold (a new shop), the rest are the featured products, then the best rated, so the rail is never
 * empty. Anyone may ask: it tells only product ids, never an order.
 */
create function public.best_sellers(max_count integer default 8)
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  with wanted as (
    select least(greatest(coalesce(max_count, 8), 1), 24) as n
  ), sold as (
    select i.product_id as id, sum(i.quantity)::bigint as units
    from public.order_items i
    join public.orders o on o.id = i.order_id
    join public.products p on p.id = i.product_id
    where o.payment_status = 'paid'
      and o.status <> 'cancelled'
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
