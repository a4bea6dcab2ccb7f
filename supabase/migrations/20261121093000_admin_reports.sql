-- Reports for the staff admin area and the affiliate's own dashboard. Each one is computed in the
-- database and returned as one JSON document, so a phone on mobile data never downloads every order to
-- add them up, and the figures obey one definition wherever they are shown.
--
-- All three are security definer (they read across orders, payments and commissions), check who is
-- asking first, pin their search_path, and are granted explicitly.

/**
 * The store at a glance for the last `days` days (Nairobi calendar days, today included): revenue and
 * orders, average order value, the M-Pesa success rate, the best sellers, what is running out, a day by
 * day series for the chart, and what is waiting for staff. Managers and admins only.
 *
 * Definitions: an order counts when it was placed in the window; revenue is the total (delivery
 * included) of orders that are paid and not cancelled; the average order value is revenue over those
 * paid orders; the M-Pesa success rate is paid / (paid + failed + cancelled) STK pushes settled in the
 * window (pending ones are still open); best sellers are ranked by units in paid, not cancelled orders.
 */
create function public.admin_overview(days integer default 30)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'Africa/Nairobi')::date;
  first_day date;
  window_start timestamptz;
  result json;
begin
  if not private.is_staff_or_service() then
    raise exception using errcode = '42501', message = 'Only staff can see the store''s figures.';
  end if;
  if admin_overview.days is null or admin_overview.days not between 1 and 366 then
    perform private.refuse('400', 'invalid_days', 'Choose a period from 1 to 366 days.');
  end if;
  first_day := today - (admin_overview.days - 1);
  window_start := first_day::timestamp at time zone 'Africa/Nairobi';

  with placed as (
    select o.id, o.total, o.status, o.payment_status,
      (o.created_at at time zone 'Africa/Nairobi')::date as day,
      (o.payment_status = 'paid' and o.status <> 'cancelled') as earning
    from public.orders o
    where o.created_at >= window_start
  ), totals as (
    select count(*)::integer as orders,
      count(*) filter (where earning)::integer as paid_orders,
      coalesce(sum(total) filter (where earning), 0)::bigint as revenue,
      count(*) filter (where status = 'cancelled')::integer as cancelled_orders
    from placed
  ), mpesa as (
    select count(*) filter (where p.status = 'paid')::integer as paid,
      count(*) filter (where p.status = 'failed')::integer as failed,
      count(*) filter (where p.status = 'cancelled')::integer as cancelled,
      count(*) filter (where p.status = 'pending')::integer as pending
    from public.payments p
    where p.provider = 'mpesa' and p.created_at >= window_start
  ), series as (
    select d::date as day,
      count(placed.id)::integer as orders,
      coalesce(sum(placed.total) filter (where placed.earning), 0)::bigint as revenue
    from generate_series(first_day, today, interval '1 day') as d
    left join placed on placed.day = d::date
    group by d
  ), best as (
    select i.product_id, min(i.name) as name, sum(i.quantity)::integer as units,
      sum(i.line_total)::bigint as revenue
    from public.order_items i
    join placed on placed.id = i.order_id and placed.earning
    group by i.product_id
    order by units desc, revenue desc, name
    limit 5
  ), low as (
    select p.id, p.slug, p.name, p.stock
    from public.products p
    where p.active and p.stock <= 5
    order by p.stock, p.name
    limit 20
  )
  select json_build_object(
    'days', admin_overview.days,
    'from', first_day,
    'to', today,
    'currency', 'KES',
    'revenue', t.revenue,
    'orders', t.orders,
    'paidOrders', t.paid_orders,
    'cancelledOrders', t.cancelled_orders,
    'averageOrderValue', case when t.paid_orders > 0 then round(t.revenue::numeric / t.paid_orders)::bigint end,
    'mpesa', json_build_object(
      'paid', m.paid,
      'failed', m.failed,
      'cancelled', m.cancelled,
      'pending', m.pending,
      'successRate', case when m.paid + m.failed + m.cancelled > 0
        then round(m.paid::numeric / (m.paid + m.failed + m.cancelled), 4) end
    ),
    'daily', (select coalesce(json_agg(json_build_object(
        'date', s.day, 'orders', s.orders, 'revenue', s.revenue) order by s.day), '[]'::json)
      from series s),
    'topProducts', (select coalesce(json_agg(json_build_object(
        'productId', b.product_id, 'name', b.name, 'units', b.units, 'revenue', b.revenue)
        order by b.units desc, b.revenue desc, b.name), '[]'::json)
      from best b),
    'lowStock', (select coalesce(json_agg(json_build_object(
        'id', l.id, 'slug', l.slug, 'name', l.name, 'stock', l.stock) order by l.stock, l.name), '[]'::json)
      from low l),
    'lowStockCount', (select count(*)::integer from public.products p where p.active and p.stock <= 5),
    'waiting', json_build_object(
      'pendingOrders', (select count(*)::integer from public.orders o where o.status = 'pending'),
      'confirmedOrders', (select count(*)::integer from public.orders o where o.status = 'confirmed'),
      'dispatchedOrders', (select count(*)::integer from public.orders o where o.status = 'dispatched'),
      'affiliateApplications',
        (select count(*)::integer from public.affiliates a where a.status = 'pending')
    )
  )
  into result
  from totals t, mpesa m;

  return result;
end;
$$;

/**
 * Every affiliate with who they are and what they have earned, applications waiting for review first.
 * `due` is the approved commission not yet paid out: what create_payout() would pay now. Managers and
 * admins (managers review affiliates; only admins can pay them).
 */
create function public.admin_affiliates()
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result json;
begin
  if not private.is_staff_or_service() then
    raise exception using errcode = '42501', message = 'Only staff can see the affiliates.';
  end if;

  select coalesce(json_agg(json_build_object(
      'id', a.id,
      'code', a.code,
      'status', a.status,
      'commissionPercent', a.commission_percent,
      'payoutPhone', a.payout_phone,
      'name', pr.full_name,
      'email', u.email,
      'createdAt', a.created_at,
      'approvedAt', a.approved_at,
      'referredOrders', coalesce(refs.orders, 0),
      'totals', json_build_object(
        'pending', coalesce(c.pending, 0),
        'approved', coalesce(c.approved, 0),
        'paid', coalesce(c.paid, 0),
        'reversed', coalesce(c.reversed, 0)
      ),
      'due', coalesce(c.due, 0),
      'lastPayoutAt', lp.paid_at
    ) order by (a.status = 'pending') desc, a.created_at desc), '[]'::json)
  into result
  from public.affiliates a
  left join public.profiles pr on pr.id = a.user_id
  left join auth.users u on u.id = a.user_id
  left join lateral (
    select count(*)::integer as orders from public.orders o where o.affiliate_id = a.id
  ) refs on true
  left join lateral (
    select sum(cm.amount) filter (where cm.status = 'pending')::bigint as pending,
      sum(cm.amount) filter (where cm.status = 'approved')::bigint as approved,
      sum(cm.amount) filter (where cm.status = 'paid')::bigint as paid,
      sum(cm.amount) filter (where cm.status = 'reversed')::bigint as reversed,
      sum(cm.amount) filter (where cm.status = 'approved' and cm.payout_id is null)::bigint as due
    from public.commissions cm
    where cm.affiliate_id = a.id
  ) c on true
  left join lateral (
    select max(coalesce(po.paid_at, po.created_at)) as paid_at
    from public.payouts po
    where po.affiliate_id = a.id
  ) lp on true;

  return result;
end;
$$;

/**
 * The signed-in user's own affiliate account for their dashboard, or null when they have not applied:
 * status, code, rate, commission totals, the orders they referred and their payouts. Referred orders
 * show only the number, date, status, value and commission, never who bought (the affiliate cannot read
 * those orders themselves, which is why this function exists).
 */
create function public.my_affiliate()
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  a public.affiliates;
begin
  if caller is null then
    raise exception using errcode = '42501', message = 'Sign in to see your affiliate account.';
  end if;
  select * into a from public.affiliates where affiliates.user_id = caller;
  if not found then
    return null;
  end if;

  return json_build_object(
    'id', a.id,
    'code', a.code,
    'status', a.status,
    'commissionPercent', a.commission_percent,
    'payoutPhone', a.payout_phone,
    'createdAt', a.created_at,
    'approvedAt', a.approved_at,
    'totals', (
      select json_build_object(
        'pending', coalesce(sum(c.amount) filter (where c.status = 'pending'), 0),
        'approved', coalesce(sum(c.amount) filter (where c.status = 'approved'), 0),
        'paid', coalesce(sum(c.amount) filter (where c.status = 'paid'), 0),
        'reversed', coalesce(sum(c.amount) filter (where c.status = 'reversed'), 0)
      )
      from public.commissions c
      where c.affiliate_id = a.id
    ),
    'referredOrders', (select count(*)::integer from public.orders o where o.affiliate_id = a.id),
    'orders', (
      select coalesce(json_agg(json_build_object(
          'orderNumber', r.order_number,
          'createdAt', r.created_at,
          'status', r.status,
          'paymentStatus', r.payment_status,
          'orderValue', r.subtotal - r.discount_total,
          'commission', (
            select json_build_object('amount', c.amount, 'status', c.status)
            from public.commissions c
            where c.order_id = r.id
          )
        ) order by r.created_at desc), '[]'::json)
      from (
        select o.id, o.order_number, o.created_at, o.status, o.payment_status, o.subtotal, o.discount_total
        from public.orders o
        where o.affiliate_id = a.id
        order by o.created_at desc
        limit 100
      ) r
    ),
    'payouts', (
      select coalesce(json_agg(json_build_object(
          'id', p.id,
          'amount', p.amount,
          'status', p.status,
          'mpesaReference', p.mpesa_reference,
          'createdAt', p.created_at,
          'paidAt', p.paid_at
        ) order by p.created_at desc), '[]'::json)
      from public.payouts p
      where p.affiliate_id = a.id
    )
  );
end;
$$;

revoke all on function public.admin_overview(integer) from public, anon, authenticated, service_role;
grant execute on function public.admin_overview(integer) to authenticated, service_role;

revoke all on function public.admin_affiliates() from public, anon, authenticated, service_role;
grant execute on function public.admin_affiliates() to authenticated, service_role;

revoke all on function public.my_affiliate() from public, anon, authenticated, service_role;
grant execute on function public.my_affiliate() to authenticated;
