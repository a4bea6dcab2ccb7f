-- No silent lost update in the product editor. Every change to a product moves its `edit_version` on;
-- a writer that names the version it edited (the admin editor does) is refused when the product has
-- moved on since, so a save never lands over another staff member's newer edit (or a sale's stock
-- change) unseen. Writers that do not name a version (orders taking stock, archiving) are unaffected.

alter table public.products add column edit_version integer not null default 1;

create function private.check_product_edit_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.edit_version is distinct from old.edit_version then
    raise exception 'This product was changed by someone else while you were editing it.'
      using errcode = 'PT409',
            detail = format('Edited version %s; the product is now at version %s.',
                            new.edit_version, old.edit_version),
            hint = 'Load the product again, check the newer values, and save again.';
  end if;
  new.edit_version := old.edit_version + 1;
  return new;
end;
$$;

revoke all on function private.check_product_edit_version() from public, anon, authenticated, service_role;

create trigger products_check_edit_version
  before update on public.products
  for each row execute function private.check_product_edit_version();
