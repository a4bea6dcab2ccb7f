-- M-Pesa refunds go back through Safaricom's reversal (the whole payment) or a B2C payout (part of it).
-- Both answer twice: at once that the request was accepted, with M-Pesa's conversation id, and later
-- with the outcome, posted to the store's result URL. The refund stays pending in between, carrying the
-- conversation id; the result settles it (money back: completed; refused: failed, its lines free again).
-- The due-refunds sweep leaves an accepted request alone: sending it again would ask M-Pesa to reverse
-- the same payment twice. Redefines public.claim_due_refunds (same signature).

alter table public.refunds
  add column provider_request_id text check (char_length(provider_request_id) between 1 and 100);

comment on column public.refunds.provider_request_id is
  'M-Pesa''s ConversationID for a reversal or payout it accepted; its result names the refund by it.';

create unique index refunds_provider_request_id_key on public.refunds (provider_request_id)
  where provider_request_id is not null;

/**
 * The payments function records that M-Pesa accepted a pending refund, with M-Pesa's conversation id.
 * The refund stays pending until the result arrives. Recording the same id again changes nothing; a
 * refund already settled (its result came first) is returned unchanged.
 */
create function public.record_refund_request(refund_id uuid, provider_request_id text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.refunds;
  request_id text := nullif(btrim(record_refund_request.provider_request_id), '');
begin
  if not coalesce(auth.role() = 'service_role', false) then
    raise exception using errcode = '42501', message = 'Only the payments function can record a refund request.';
  end if;
  if request_id is null or char_length(request_id) > 100 then
    perform private.refuse('400', 'invalid_request_id', 'The provider''s request id is missing.');
  end if;
  select * into r from public.refunds where refunds.id = record_refund_request.refund_id for update;
  if not found then
    perform private.refuse('404', 'refund_not_found', 'We could not find that refund.');
  end if;
  if r.status = 'pending' and r.provider_request_id is distinct from request_id then
    if r.provider_request_id is not null then
      perform private.refuse('409', 'refund_already_sent', 'This refund was already sent to the provider.');
    end if;
    update public.refunds set provider_request_id = request_id where refunds.id = r.id;
  end if;
  return private.refund_json(r.id);
end;
$$;
revoke all on function public.record_refund_request(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.record_refund_request(uuid, text) to service_role;

/**
 * M-Pesa's result for a reversal or payout, found by its conversation id. A result for an unknown
 * request, or for another amount than the refund's, is refused and changes nothing; a repeated
 * result returns the refund as it was settled.
 */
create function public.record_mpesa_refund_result(
  provider_request_id text,
  succeeded boolean,
  reference text default null,
  failure text default null,
  amount integer default null
)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.refunds;
begin
  if not coalesce(auth.role() = 'service_role', false) then
    raise exception using errcode = '42501', message = 'Only the payments function can record a refund result.';
  end if;
  select * into r from public.refunds
  where refunds.provider_request_id = record_mpesa_refund_result.provider_request_id;
  if not found then
    perform private.refuse('404', 'refund_not_found', 'No refund was sent with that request id.');
  end if;
  if succeeded and record_mpesa_refund_result.amount is not null
    and record_mpesa_refund_result.amount <> r.amount
  then
    perform private.refuse('409', 'amount_mismatch',
      format('The result is for KSh %s; the refund is KSh %s.', record_mpesa_refund_result.amount, r.amount));
  end if;
  return public.record_refund_result(r.id, succeeded, reference, failure);
end;
$$;
revoke all on function public.record_mpesa_refund_result(text, boolean, text, text, integer) from public, anon, authenticated, service_role;
grant execute on function public.record_mpesa_refund_result(text, boolean, text, text, integer) to service_role;

/**
 * Claims the provider refunds still pending a while after they were made (or last retried), marks the
 * attempt and returns them as the payments function sees them, oldest first. A refund another sweep
 * holds at this moment is skipped, so two sweeps at once never claim the same one; so is one M-Pesa
 * already accepted, whose result is on its way.
 */
create or replace function public.claim_due_refunds(max_refunds integer default 20)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claimed uuid[];
begin
  if not coalesce(auth.role() = 'service_role', false) then
    raise exception using errcode = '42501', message = 'Only the payments function can retry refunds.';
  end if;

  with due as (
    select r.id
    from public.refunds r
    where r.status = 'pending' and r.channel = 'provider' and r.provider_request_id is null
      -- The function that made it may still be waiting for the provider: give it a while first.
      and coalesce(r.last_attempt_at, r.created_at) < now() - interval '2 minutes'
    order by r.created_at
    limit greatest(least(coalesce(max_refunds, 20), 100), 1)
    for update skip locked
  ), tried as (
    update public.refunds r
    set attempts = r.attempts + 1, last_attempt_at = now()
    from due
    where r.id = due.id
    returning r.id, r.created_at
  )
  select coalesce(array_agg(t.id order by t.created_at), '{}') into claimed from tried t;

  return (select coalesce(json_agg(private.refund_json(c.id) order by c.ord), '[]'::json)
    from unnest(claimed) with ordinality as c(id, ord));
end;
$$;
revoke all on function public.claim_due_refunds(integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_due_refunds(integer) to service_role;
