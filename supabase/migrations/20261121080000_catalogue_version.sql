-- A catalogue version that costs nothing to read. Building the whole catalogue document just to learn
-- whether it changed is too slow to do on every visit (tens of milliseconds on the embedded database),
-- so writes bump a revision instead, and devices and caches ask for the version first.

/**
 * One row: a random salt (so a fresh database never repeats an old database's versions) and a revision
 * that goes up whenever something the catalogue shows may have changed.
 */
create table private.catalogue_state (
  id boolean primary key default true check (id),
  salt uuid not null default gen_random_uuid(),
  revision bigint not null default 0
);
insert into private.catalogue_state default values;

/**
 * Bumps the revision. Security definer because staff editing products through the API cannot see the
 * private schema; it changes nothing but the counter.
 */
create function private.bump_catalogue_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.catalogue_state set revision = revision + 1;
  return null;
end;
$$;

revoke all on function private.bump_catalogue_revision() from public, anon, authenticated, service_role;

-- Only changes a shopper could see: a product that is (or was) active, and any brand.
create trigger products_bump_catalogue_on_insert
  after insert on public.products
  for each row when (new.active)
  execute function private.bump_catalogue_revision();

create trigger products_bump_catalogue_on_update
  after update on public.products
  for each row when (old.active or new.active)
  execute function private.bump_catalogue_revision();

create trigger products_bump_catalogue_on_delete
  after delete on public.products
  for each row when (old.active)
  execute function private.bump_catalogue_revision();

create trigger products_bump_catalogue_on_truncate
  after truncate on public.products
  for each statement execute function private.bump_catalogue_revision();

create trigger watch_brands_bump_catalogue
  after insert or update or delete or truncate on public.watch_brands
  for each statement execute function private.bump_catalogue_revision();

/**
 * The current catalogue version, the same string catalogue() carries. Cheap: a device compares it with
 * the version it cached and downloads the catalogue only when they differ.
 */
create function public.catalogue_version()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select left(md5(s.salt::text || ':' || s.revision::text), 16) from private.catalogue_state s
$$;

revoke all on function public.catalogue_version() from public, anon, authenticated, service_role;
grant execute on function public.catalogue_version() to anon, authenticated, service_role;

/** As before, with `version` from catalogue_version() instead of a hash of the whole document. */
create or replace function public.catalogue()
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'version', public.catalogue_version(),
    'products', (
      select coalesce(json_agg(json_strip_nulls(json_build_object(
        'id', p.id,
        'slug', p.slug,
        'name', p.name,
        'description', p.description,
        'category', p.category,
        'subcategory', p.subcategory,
        'brand', p.brand,
        'price', p.price,
        'discount', p.discount,
        'rating', p.rating,
        'sizes', p.sizes,
        'colors', p.colors,
        'tags', p.tags,
        'stock', p.stock,
        'image', p.images[1],
        'newArrival', p.new_arrival,
        'featured', p.featured,
        'createdAt', date_trunc('second', p.created_at)
      )) order by p.id), '[]'::json)
      from public.products p
      where p.active
    ),
    'brands', (
      select coalesce(json_agg(json_strip_nulls(json_build_object(
        'id', b.id,
        'slug', b.slug,
        'name', b.name,
        'kind', b.kind,
        'category', b.category,
        'description', b.description,
        'country', b.country,
        'heritage', b.heritage,
        'tier', b.tier,
        'logo', b.logo
      )) order by b.id), '[]'::json)
      from public.watch_brands b
    )
  )
$$;
