-- Card joins the ways to pay an order.

create or replace function private.normalize_order_request(payload jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  contact jsonb;
  contact_name text;
  contact_email text;
  contact_phone text;
  payment_method text;
  affiliate_code text;
  captured_at timestamptz;
  lifetime integer;
  items jsonb;
  delivery jsonb;
begin
  if payload is null or jsonb_typeof(payload) <> 'object' then
    perform private.refuse('400', 'invalid_request', 'The order request must be a JSON object.');
  end if;
  perform private.assert_no_forbidden_keys(payload);

  if jsonb_typeof(payload -> 'clientOrderId') is distinct from 'string'
    or (payload ->> 'clientOrderId') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  then
    perform private.refuse('400', 'invalid_client_order_id', 'clientOrderId must be a UUID.',
      jsonb_build_object('field', 'clientOrderId'));
  end if;

  items := private.normalize_cart_items(payload -> 'items');

  contact := payload -> 'contact';
  if contact is null or jsonb_typeof(contact) <> 'object' then
    perform private.refuse('400', 'invalid_contact', 'Please enter your contact details.',
      jsonb_build_object('field', 'contact'));
  end if;
  contact_name := case when jsonb_typeof(contact -> 'name') = 'string' then btrim(contact ->> 'name') end;
  if contact_name is null or char_length(contact_name) not between 1 and 100 then
    perform private.refuse('400', 'invalid_name', 'Please enter your name.',
      jsonb_build_object('field', 'contact.name'));
  end if;
  contact_email := case
    when jsonb_typeof(contact -> 'email') = 'string' then nullif(lower(btrim(contact ->> 'email')), '')
  end;
  if contact_email is not null
    and (char_length(contact_email) > 254 or contact_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')
  then
    perform private.refuse('400', 'invalid_email', 'Please enter a valid email address.',
      jsonb_build_object('field', 'contact.email'));
  end if;
  contact_phone := case
    when jsonb_typeof(contact -> 'phone') = 'string' then private.normalize_ke_phone(contact ->> 'phone')
  end;
  if contact_phone is null then
    perform private.refuse('400', 'invalid_phone',
      'Please enter a valid Kenyan mobile number, for example 0712 345 678.',
      jsonb_build_object('field', 'contact.phone'));
  end if;

  delivery := private.normalize_delivery(payload -> 'delivery');

  payment_method := case
    when jsonb_typeof(payload -> 'paymentMethod') = 'string' then payload ->> 'paymentMethod'
  end;
  if payment_method is null or payment_method not in ('mpesa', 'card', 'bank', 'cod') then
    perform private.refuse('400', 'invalid_payment_method',
      'Please choose M-Pesa, card, bank transfer or cash on delivery.',
      jsonb_build_object('field', 'paymentMethod'));
  end if;

  -- A referral code is a bonus, never a reason to refuse an order: anything odd is dropped, and so is
  -- a code captured longer ago than the programme allows.
  if jsonb_typeof(payload -> 'affiliateCode') = 'string' then
    affiliate_code := lower(btrim(payload ->> 'affiliateCode'));
    if char_length(affiliate_code) > 32 or affiliate_code !~ '^[a-z0-9][a-z0-9-]{2,31}$' then
      affiliate_code := null;
    end if;
  end if;
  if affiliate_code is not null and jsonb_typeof(payload -> 'affiliateCapturedAt') = 'string' then
    begin
      captured_at := (payload ->> 'affiliateCapturedAt')::timestamptz;
    exception when others then
      captured_at := null;
    end;
    select s.affiliate_code_lifetime_days into lifetime from public.store_settings s;
    if captured_at is null or captured_at < now() - make_interval(days => lifetime) then
      affiliate_code := null;
    end if;
  end if;

  return jsonb_build_object(
    'clientOrderId', lower(payload ->> 'clientOrderId'),
    'items', items,
    'contact', jsonb_build_object('name', contact_name, 'email', contact_email, 'phone', contact_phone),
    'delivery', delivery,
    'paymentMethod', payment_method,
    'affiliateCode', affiliate_code
  );
end;
$$;

revoke all on function private.normalize_order_request(jsonb) from public, anon, authenticated, service_role;
