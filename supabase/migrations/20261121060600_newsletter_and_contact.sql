-- Messages from visitors: newsletter sign-ups and the contact form. Visitors write, only staff read.

/**
 * Newsletter sign-ups. Anyone may add an address; nobody but staff may read the list, so the table
 * cannot be used to check whether someone subscribed. `client_id` is the key the device generates, so
 * a sign-up replayed from the offline queue is stored once. The form calls subscribe_newsletter(), which
 * treats a repeat as success; a plain insert of a known address fails with 23505 (409).
 */
create table public.newsletter_subscribers (
  id bigint generated always as identity primary key,
  email extensions.citext not null unique
    check (char_length(email::text) <= 254 and email::text ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  client_id uuid unique,
  source text check (char_length(source) <= 40),
  created_at timestamptz not null default now()
);
alter table public.newsletter_subscribers enable row level security;

revoke all on table public.newsletter_subscribers from anon, authenticated, service_role;
-- Identity columns need no sequence grant; old projects' default privileges would add one anyway.
revoke all on sequence public.newsletter_subscribers_id_seq from anon, authenticated, service_role;
grant insert (email, client_id, source) on table public.newsletter_subscribers to anon, authenticated;
grant select on table public.newsletter_subscribers to authenticated;
grant select, insert, update, delete on table public.newsletter_subscribers to service_role;

create policy "Visitors can subscribe to the newsletter"
  on public.newsletter_subscribers for insert to anon
  with check (position('@' in email::text) > 1);

create policy "Users can subscribe to the newsletter"
  on public.newsletter_subscribers for insert to authenticated
  with check (position('@' in email::text) > 1);

create policy "Staff can see the newsletter list"
  on public.newsletter_subscribers for select to authenticated
  using ((select public.has_role('manager')));

/**
 * The newsletter form's call: adds the address once and answers the same whether it was new or already
 * on the list (so the form cannot be used to find out who subscribed, and an offline replay is not an
 * error). Only a malformed address is refused (PT400).
 */
create function public.subscribe_newsletter(email text, client_id uuid default null, source text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  address text := lower(btrim(subscribe_newsletter.email));
begin
  if address is null or char_length(address) > 254 or address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception using
      errcode = 'PT400',
      message = 'Please enter a valid email address.',
      detail = '{"code": "invalid_email", "field": "email"}';
  end if;
  insert into public.newsletter_subscribers (email, client_id, source)
  values (address, subscribe_newsletter.client_id, left(btrim(subscribe_newsletter.source), 40))
  on conflict do nothing;
end;
$$;

revoke all on function public.subscribe_newsletter(text, uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.subscribe_newsletter(text, uuid, text) to anon, authenticated, service_role;

/**
 * The contact form. Visitors and signed-in users may send; only staff read. `user_id` is filled from
 * the JWT (never from the body) so staff know when a message came from a customer account.
 */
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  client_id uuid unique,
  user_id uuid default auth.uid() references auth.users on delete set null,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  email text not null check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text check (char_length(phone) <= 20),
  subject text check (char_length(subject) <= 200),
  message text not null check (char_length(btrim(message)) between 1 and 5000),
  created_at timestamptz not null default now()
);
alter table public.contact_messages enable row level security;

create index contact_messages_user_id_idx on public.contact_messages (user_id);
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

revoke all on table public.contact_messages from anon, authenticated, service_role;
grant insert (client_id, name, email, phone, subject, message) on table public.contact_messages
  to anon, authenticated;
grant select on table public.contact_messages to authenticated;
grant select, insert, update, delete on table public.contact_messages to service_role;

create policy "Visitors can send a contact message"
  on public.contact_messages for insert to anon
  with check (user_id is null);

create policy "Users can send a contact message"
  on public.contact_messages for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Staff can read contact messages"
  on public.contact_messages for select to authenticated
  using ((select public.has_role('manager')));
