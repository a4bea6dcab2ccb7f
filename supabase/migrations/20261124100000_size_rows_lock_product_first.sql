-- Every stock writer locks a product before its size rows (place_order does), so writers never wait in
-- a circle. A staff save of the size rows (an upsert) took each size row first and the product only at
-- the end, when its total is recounted; an order holding the product and waiting for that size row then
-- deadlocked with it, and one of the two failed. Before a size row is written, lock its product.

/**
 * Takes the product's lock (the one place_order takes) before the size row is inserted or, in an
 * upsert, before its existing row is locked. Security definer: staff may edit sizes without the right
 * to lock products themselves.
 */
create function private.lock_product_of_size()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.products p where p.id = new.product_id for no key update;
  return new;
end;
$$;

revoke all on function private.lock_product_of_size() from public, anon, authenticated, service_role;

create trigger product_sizes_lock_product_first
  before insert on public.product_sizes
  for each row execute function private.lock_product_of_size();
