-- An order over M-Pesa's per-payment limit is told to pay by card or bank transfer (card payments came
-- after the limit did), and an M-Pesa prompt for a card order says the order is paid by card. Redefines
-- public.record_payment_request (same signature and grants); nothing else changes.

/**
 * Records that an M-Pesa STK push was sent for an order (the payments function calls it after the push
 * is accepted). The amount is always the order total, and never more than M-Pesa takes in one payment:
 * above that the refusal names the ways that take any amount (card, bank transfer), as checkout does.
 * Calling it again with the same checkout request id returns the same payment.
 */
create or replace function public.record_payment_request(
  order_id uuid,
  phone text,
  checkout_request_id text,
  merchant_request_id text default null
)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  o public.orders;
  p public.payments;
  normalized_phone text := private.normalize_ke_phone(record_payment_request.phone);
begin
  select * into p from public.payments where payments.checkout_request_id = record_payment_request.checkout_request_id;
  if found then
    if p.order_id <> record_payment_request.order_id then
      perform private.refuse('409', 'checkout_request_reused', 'This payment request belongs to another order.');
    end if;
  else
    select * into o from public.orders where orders.id = record_payment_request.order_id for update;
    if not found then
      perform private.refuse('404', 'order_not_found', 'We could not find that order.');
    end if;
    if o.payment_method <> 'mpesa' then
      perform private.refuse('409', 'not_mpesa', case o.payment_method
        when 'bank' then 'This order is paid by bank transfer.'
        when 'card' then 'This order is paid by card.'
        else 'This order is paid in cash on delivery.' end);
    end if;
    -- The network refuses a payment over its limit: never send a prompt that cannot succeed.
    if o.total > (select s.mpesa_max_amount from public.store_settings s) then
      perform private.refuse('409', 'mpesa_limit',
        format('M-Pesa takes at most KSh %s in one payment. Please pay this order by card or bank transfer.',
          to_char((select s.mpesa_max_amount from public.store_settings s), 'FM999,999,999')));
    end if;
    if o.status = 'cancelled' then
      perform private.refuse('409', 'order_cancelled', 'This order was cancelled.');
    end if;
    if o.payment_status = 'paid' then
      perform private.refuse('409', 'already_paid', 'This order is already paid.');
    end if;
    if normalized_phone is null then
      perform private.refuse('400', 'invalid_phone',
        'Please enter a valid Kenyan mobile number, for example 0712 345 678.');
    end if;
    if coalesce(btrim(record_payment_request.checkout_request_id), '') = '' then
      perform private.refuse('400', 'invalid_checkout_request', 'The checkout request id is missing.');
    end if;

    insert into public.payments (order_id, provider, phone, checkout_request_id, merchant_request_id, amount)
    values (o.id, 'mpesa', normalized_phone, record_payment_request.checkout_request_id,
      record_payment_request.merchant_request_id, o.total)
    returning * into p;

    update public.orders set payment_status = 'pending' where orders.id = o.id and payment_status <> 'pending';
  end if;

  return json_build_object(
    'paymentId', p.id,
    'orderId', p.order_id,
    'orderNumber', (select orders.order_number from public.orders where orders.id = p.order_id),
    'amount', p.amount,
    'phone', p.phone,
    'status', p.status
  );
end;
$$;
