-- A card refund names the card session it gives money back from: the refund as the payments function
-- sees it carries the paid payment's session reference beside its receipt.

/** A refund as staff and the payments function see it. */
create or replace function private.refund_json(target uuid)
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'id', r.id,
    'orderId', r.order_id,
    'orderNumber', o.order_number,
    'amount', r.amount,
    'extraAmount', r.extra_amount,
    'lines', r.lines,
    'reason', r.reason,
    'method', r.method,
    'channel', r.channel,
    'reference', r.reference,
    'status', r.status,
    'failure', r.failure,
    'createdAt', r.created_at,
    'completedAt', r.completed_at,
    -- What the provider needs to send the money back: the payment it reverses.
    'payment', (select json_build_object('receipt', coalesce(p.mpesa_receipt, p.reference), 'phone', p.phone,
        'amount', p.amount, 'provider', p.provider, 'sessionReference', p.checkout_request_id)
      from public.payments p where p.order_id = r.order_id and p.status = 'paid'),
    'order', json_build_object('status', o.status, 'paymentStatus', o.payment_status,
      'total', o.total, 'refundedTotal', o.refunded_total)
  )
  from public.refunds r
  join public.orders o on o.id = r.order_id
  where r.id = target
$$;
revoke all on function private.refund_json(uuid) from public, anon, authenticated, service_role;
