-- The catalogue: products, watch brands, and the one JSON document every shopper caches offline.

/**
 * What the store sells. Prices are whole KES; `discount` is a percentage. Only active products are
 * visible to shoppers; staff (manager or admin) see and edit all of them. `stock` is taken by
 * place_order with a conditional update, so it never goes below zero.
 */
create table public.products (
  id text primary key check (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (char_length(name) between 1 and 200),
  description text not null default '',
  category text not null check (category in ('women', 'men', 'kids', 'beauty', 'shoes', 'bags',
    'jewelry', 'accessories', 'luxury-watches', 'smart-watches')),
  subcategory text,
  brand text,
  price integer not null check (price > 0),
  discount integer not null default 0 check (discount between 0 and 90),
  images text[] not null default '{}',
  sizes text[] not null default '{}',
  colors text[] not null default '{}',
  tags text[] not null default '{}',
  stock integer not null default 0 check (stock >= 0),
  rating numeric(2, 1) not null default 0 check (rating between 0 and 5),
  new_arrival boolean not null default false,
  featured boolean not null default false,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.products enable row level security;

create index products_active_idx on public.products (active);
create index products_category_idx on public.products (category, subcategory);

create trigger products_touch_updated_at
  before update on public.products
  for each row execute function private.touch_updated_at();

revoke all on table public.products from anon, authenticated, service_role;
grant select on table public.products to anon;
grant select, insert, update, delete on table public.products to authenticated, service_role;

create policy "Everyone can see active products"
  on public.products for select to anon, authenticated
  using (active);

create policy "Staff can see every product"
  on public.products for select to authenticated
  using ((select public.has_role('manager')));

create policy "Staff can add products"
  on public.products for insert to authenticated
  with check ((select public.has_role('manager')));

create policy "Staff can edit products"
  on public.products for update to authenticated
  using ((select public.has_role('manager')))
  with check ((select public.has_role('manager')));

create policy "Staff can delete products"
  on public.products for delete to authenticated
  using ((select public.has_role('manager')));

/**
 * Luxury and smart watch brands shown on the brand pages. Luxury brands carry `heritage` (since-year
 * text), smart brands a `tier`.
 */
create table public.watch_brands (
  id integer primary key,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  kind text not null check (kind in ('luxury', 'smart')),
  category text not null,
  description text not null,
  country text not null,
  heritage text,
  tier text check (tier in ('Premium', 'Mid-Range', 'Luxury', 'Budget')),
  logo text not null default ''
);
alter table public.watch_brands enable row level security;

revoke all on table public.watch_brands from anon, authenticated, service_role;
grant select on table public.watch_brands to anon;
grant select, insert, update, delete on table public.watch_brands to authenticated, service_role;

create policy "Everyone can see the watch brands"
  on public.watch_brands for select to anon, authenticated
  using (true);

create policy "Staff can add watch brands"
  on public.watch_brands for insert to authenticated
  with check ((select public.has_role('manager')));

create policy "Staff can edit watch brands"
  on public.watch_brands for update to authenticated
  using ((select public.has_role('manager')))
  with check ((select public.has_role('manager')));

create policy "Staff can delete watch brands"
  on public.watch_brands for delete to authenticated
  using ((select public.has_role('manager')));

/**
 * The whole shop window in one compact document, cached offline by every shopper and searched on the
 * device: active products (first image only, null fields left out) and the watch brands. `version` is
 * a hash of the content itself, so it changes whenever anything a shopper could see changes (a price,
 * a stock count, a product switched off, a brand edited) and never otherwise. Security invoker: the
 * caller's RLS applies, and inactive products are filtered explicitly for staff callers too.
 */
create function public.catalogue()
returns json
language sql
stable
set search_path = ''
as $$
  with product_rows as (
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
    )) order by p.id), '[]'::json) as doc
    from public.products p
    where p.active
  ), brand_rows as (
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
    )) order by b.id), '[]'::json) as doc
    from public.watch_brands b
  )
  select json_build_object(
    'version', left(md5(product_rows.doc::text || brand_rows.doc::text), 16),
    'products', product_rows.doc,
    'brands', brand_rows.doc
  )
  from product_rows, brand_rows
$$;

revoke all on function public.catalogue() from public, anon, authenticated, service_role;
grant execute on function public.catalogue() to anon, authenticated, service_role;
