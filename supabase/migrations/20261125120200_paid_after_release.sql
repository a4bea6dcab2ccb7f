-- A payment that arrives after its order was released (expired or cancelled) never revives it: it is
-- kept as failed with its receipt, so staff refund it, and the order stays released.

/**
 * Records the outcome of an M-Pesa payment (see its first definition). A successful payment for an
 * order already paid, or already released, is kept as failed with its receipt: refund due.
 */
create or replace function public.record_payment_result(
  checkout_request_id text,
  result_code integer,
  result_desc text default null,
  mpesa_receipt text default null,
  amount integer default null,
  raw_callback jsonb default null
)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  p public.payments;
  o public.orders;
  outcome text;
begin
  select * into p
  from public.payments
  where payments.checkout_request_id = record_payment_result.checkout_request_id
  for update;
  if not found then
    perform private.refuse('404', 'payment_not_found', 'No payment was started with this checkout request id.');
  end if;

  if p.status = 'pending' then
    select * into o from public.orders where orders.id = p.order_id for update;
    outcome := case
      when record_payment_result.result_code = 0 then 'paid'
      when record_payment_result.result_code = 1032 then 'cancelled'
      else 'failed'
    end;

    if outcome = 'paid' and record_payment_result.amount is not null
      and record_payment_result.amount <> p.amount
    then
      perform private.refuse('409', 'amount_mismatch', format(
        'The paid amount (%s) does not match the amount requested (%s).', record_payment_result.amount, p.amount));
    end if;

    if outcome = 'paid' and (o.payment_status = 'paid' or o.status = 'cancelled') then
      -- Money for an order already paid, or already released (expired or cancelled): kept as failed
      -- with its receipt, so staff refund it; a released order never becomes paid.
      update public.payments
      set status = 'failed',
        result_code = record_payment_result.result_code,
        result_desc = case when o.payment_status = 'paid'
          then 'Duplicate payment: the order was already paid. Refund due.'
          else 'Paid after the order was released. Refund due.' end,
        mpesa_receipt = record_payment_result.mpesa_receipt,
        raw_callback = record_payment_result.raw_callback
      where payments.id = p.id
      returning * into p;
    else
      update public.payments
      set status = outcome,
        result_code = record_payment_result.result_code,
        result_desc = record_payment_result.result_desc,
        mpesa_receipt = record_payment_result.mpesa_receipt,
        raw_callback = record_payment_result.raw_callback,
        paid_at = case when outcome = 'paid' then now() end
      where payments.id = p.id
      returning * into p;

      if outcome = 'paid' then
        update public.orders
        set payment_status = 'paid',
          paid_at = now(),
          status = case when status = 'pending' then 'confirmed' else status end,
          confirmed_at = case when status = 'pending' then now() else confirmed_at end
        where orders.id = o.id;
        perform private.create_commission(o.id);
      elsif o.payment_status <> 'paid' then
        update public.orders set payment_status = outcome where orders.id = o.id;
      end if;
    end if;
  end if;

  select * into o from public.orders where orders.id = p.order_id;
  return json_build_object(
    'paymentId', p.id,
    'orderId', o.id,
    'orderNumber', o.order_number,
    'paymentStatus', p.status,
    'resultDesc', p.result_desc,
    'orderStatus', o.status,
    'orderPaymentStatus', o.payment_status
  );
end;
$$;

