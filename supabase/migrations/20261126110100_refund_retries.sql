-- A refund through the provider stays pending until the provider answers. When the refund function
-- dies before that (a timeout, a restart), nothing would ever send it: a sweep now claims the pending
-- refunds nobody has tried for a while and sends them again. The provider sees the refund's id each
-- time, so a refund it already made is answered with that same refund, never a second one.

alter table public.refunds
  add column attempts integer not null default 0 check (attempts >= 0),
  add column last_attempt_at timestamptz;

comment on column public.refunds.attempts is 'Times the sweep sent this pending refund to the provider again.';
comment on column public.refunds.last_attempt_at is 'When the sweep last sent it.';

create index refunds_pending_idx on public.refunds (created_at) where status = 'pending';

/**
 * Claims the provider refunds still pending a while after they were made (or last retried), marks the
 * attempt and returns them as the payments function sees them, oldest first. A refund another sweep
 * holds at this moment is skipped, so two sweeps at once never claim the same one.
 */
create function public.claim_due_refunds(max_refunds integer default 20)
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
    where r.status = 'pending' and r.channel = 'provider'
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
