-- Specifications move from the list to the details. They are read only on a watch's or a piece of
-- jewellery's own page, as descriptions are, yet every visit read them with the list: 1.4 KiB of the
-- list's 9.3 KiB gzipped, for 26 of 241 products. The details are read after the first render, kept on
-- the device like the list, and the prebuilt pages carry both documents, so a spec sheet is there offline
-- and in the first paint as before.
--
-- The list as in 20261125140000_product_specs.sql without its `specs` member. The details as in
-- 20261122090000_compact_catalogue.sql with one more member, columnar like the list's photos:
--
--   specs        product   the product's index in the details' id list
--                value     its specifications (an object of texts by key)
--
-- ordered by product. A product without specifications has no entry. The details' version (and the
-- list's `details`, the same hash, now from one function both call) covers the specifications too, so a
-- device holding older details reads them again when a spec sheet changes.

/**
 * The details' version: a hash of every active product's description, tags and specifications and of the
 * brands' descriptions. The list names it as `details` and the details carry it as `version`; one
 * function so the two cannot disagree.
 */
create function public.catalogue_details_version()
returns text
language sql
stable
set search_path = ''
as $$
  select left(md5(
    coalesce((
      select string_agg(p.id || chr(31) || p.description || chr(31)
        || array_to_string(p.tags, chr(30)) || chr(31) || p.specs::text, chr(29)
        order by p.id collate "C")
      from public.products p
      where p.active
    ), '') || chr(28) || coalesce((
      select string_agg(b.id::text || chr(31) || b.description, chr(29) order by b.id)
      from public.watch_brands b
    ), '')
  ), 16)
$$;

revoke all on function public.catalogue_details_version() from public, anon, authenticated, service_role;
grant execute on function public.catalogue_details_version() to anon, authenticated, service_role;

create or replace function public.catalogue()
returns json
language sql
stable
set search_path = ''
as $$
  with listed as (
    select
      p.id,
      p.name,
      p.slug,
      p.category,
      p.subcategory,
      p.brand,
      p.price,
      p.discount,
      p.rating,
      p.stock,
      p.sizes,
      p.colors,
      p.images[1] as image,
      p.new_arrival,
      p.featured,
      'heritage' = any (p.tags) as heritage,
      p.created_at,
      lag(p.id) over (order by p.id collate "C") as previous_id,
      (row_number() over (order by p.id collate "C"))::int - 1 as list_index,
      coalesce(p.brand <> '' and starts_with(p.name, p.brand || ' ')
        and length(p.name) > length(p.brand) + 1, false) as branded,
      trim(both '-' from regexp_replace(replace(translate(
        regexp_replace(normalize(p.name, nfkd), '[\u0300-\u036f]', '', 'g'),
        'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '&', ' and '),
        '[^a-z0-9]+', '-', 'g')) as name_words,
      trim(both '-' from regexp_replace(
        translate(p.colors[1], 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
        '[^a-z0-9]+', '-', 'g')) as colour_words
    from public.products p
    where p.active
  ), pictured as (
    select
      l.*,
      case
        when l.colour_words <> ''
          and length(l.image) > length(l.colour_words) + 5
          and right(l.image, length(l.colour_words) + 5) = '-' || l.colour_words || '.svg'
        then left(l.image, length(l.image) - length(l.colour_words) - 5)
      end as picture,
      case
        when l.previous_id is null then 0
        else (
          select count(*)::int
          from generate_series(1, least(length(l.id), length(l.previous_id))) as i
          where left(l.id, i) = left(l.previous_id, i)
        )
      end as shared
    from listed l
  ), photo_rows as (
    -- Photos of listed products, for the product's own colours (or for every colour: '').
    select l.list_index, ph.id, ph.colour, ph.position, ph.path, ph.width, ph.height, ph.alt
    from listed l
    join public.product_photos ph on ph.product_id = l.id
    where ph.colour = '' or ph.colour = any (l.colors)
  ), dict as (
    select
      coalesce((select array_agg(distinct x.category collate "C" order by x.category collate "C")
        from listed x), '{}') as category,
      coalesce((select array_agg(distinct x.subcategory collate "C" order by x.subcategory collate "C")
        from listed x where x.subcategory is not null), '{}') as subcategory,
      coalesce((select array_agg(distinct x.brand collate "C" order by x.brand collate "C")
        from listed x where x.brand is not null), '{}') as brand,
      coalesce((select array_agg(distinct c collate "C" order by c collate "C")
        from listed x, unnest(x.colors) as c where c is not null), '{}') as colour,
      coalesce((select array_agg(distinct to_jsonb(x.sizes) order by to_jsonb(x.sizes))
        from listed x), '{}') as sizes,
      coalesce((select array_agg(distinct x.picture collate "C" order by x.picture collate "C")
        from pictured x where x.picture is not null), '{}') as picture
  ), cells as (
    -- Each product's values as JSON text, joined below with bare commas: json_agg would put a space
    -- after each of the thousands of commas.
    select
      p.id collate "C" as sort_key,
      to_json(case when p.shared >= 2 then p.shared || ':' || substr(p.id, p.shared + 1) else p.id end)
        as id,
      to_json(case when p.branded then substr(p.name, length(p.brand) + 2) else p.name end) as name,
      case
        when p.slug = p.name_words || '-' || p.id then to_json(0)
        when p.slug = p.name_words then to_json(1)
        else to_json(p.slug)
      end as slug,
      to_json(array_position(d.category, p.category) - 1) as category,
      to_json(array_position(d.subcategory, p.subcategory) - 1) as subcategory,
      to_json(array_position(d.brand, p.brand) - 1) as brand,
      to_json(p.price) as price,
      to_json(p.discount) as discount,
      to_json(round(p.rating * 10)::int) as rating,
      to_json(p.stock) as stock,
      to_json(array_position(d.sizes, to_jsonb(p.sizes)) - 1) as sizes,
      to_json(array(
        select array_position(d.colour, c) - 1
        from unnest(p.colors) with ordinality as u(c, n)
        where c is not null
        order by n
      )) as colours,
      case
        when p.picture is not null then to_json(array_position(d.picture, p.picture) - 1)
        else to_json(p.image)
      end as image,
      to_json((case when p.new_arrival then 1 else 0 end)
        | (case when p.featured then 2 else 0 end)
        | (case when p.heritage then 4 else 0 end)
        | (case when p.branded then 8 else 0 end)) as flags,
      to_json(floor(extract(epoch from p.created_at) / 86400)::int) as listed
    from pictured p, dict d
  ), columns as (
    select
      string_agg(coalesce(x.id::text, 'null'), ',' order by x.sort_key) as id,
      string_agg(coalesce(x.name::text, 'null'), ',' order by x.sort_key) as name,
      string_agg(coalesce(x.slug::text, 'null'), ',' order by x.sort_key) as slug,
      string_agg(coalesce(x.category::text, 'null'), ',' order by x.sort_key) as category,
      string_agg(coalesce(x.subcategory::text, 'null'), ',' order by x.sort_key) as subcategory,
      string_agg(coalesce(x.brand::text, 'null'), ',' order by x.sort_key) as brand,
      string_agg(coalesce(x.price::text, 'null'), ',' order by x.sort_key) as price,
      string_agg(coalesce(x.discount::text, 'null'), ',' order by x.sort_key) as discount,
      string_agg(coalesce(x.rating::text, 'null'), ',' order by x.sort_key) as rating,
      string_agg(coalesce(x.stock::text, 'null'), ',' order by x.sort_key) as stock,
      string_agg(coalesce(x.sizes::text, 'null'), ',' order by x.sort_key) as sizes,
      string_agg(coalesce(x.colours::text, 'null'), ',' order by x.sort_key) as colours,
      string_agg(coalesce(x.image::text, 'null'), ',' order by x.sort_key) as image,
      string_agg(coalesce(x.flags::text, 'null'), ',' order by x.sort_key) as flags,
      string_agg(coalesce(x.listed::text, 'null'), ',' order by x.sort_key) as listed
    from cells x
  )
  select json_build_object(
    'format', 2,
    'version', public.catalogue_version(),
    'details', public.catalogue_details_version(),
    'dict', json_build_object(
      'category', d.category,
      'subcategory', d.subcategory,
      'brand', d.brand,
      'colour', d.colour,
      'sizes', to_json(d.sizes),
      'picture', d.picture
    ),
    'products', json_build_object(
      'id', ('[' || coalesce(c.id, '') || ']')::json,
      'name', ('[' || coalesce(c.name, '') || ']')::json,
      'slug', ('[' || coalesce(c.slug, '') || ']')::json,
      'category', ('[' || coalesce(c.category, '') || ']')::json,
      'subcategory', ('[' || coalesce(c.subcategory, '') || ']')::json,
      'brand', ('[' || coalesce(c.brand, '') || ']')::json,
      'price', ('[' || coalesce(c.price, '') || ']')::json,
      'discount', ('[' || coalesce(c.discount, '') || ']')::json,
      'rating', ('[' || coalesce(c.rating, '') || ']')::json,
      'stock', ('[' || coalesce(c.stock, '') || ']')::json,
      'sizes', ('[' || coalesce(c.sizes, '') || ']')::json,
      'colours', ('[' || coalesce(c.colours, '') || ']')::json,
      'image', ('[' || coalesce(c.image, '') || ']')::json,
      'flags', ('[' || coalesce(c.flags, '') || ']')::json,
      'listed', ('[' || coalesce(c.listed, '') || ']')::json
    ),
    'photos', (
      select json_build_object(
        'product', coalesce(json_agg(r.list_index order by r.list_index, r.colour collate "C",
          r.position, r.id), '[]'::json),
        'colour', coalesce(json_agg(case when r.colour = '' then null
          else array_position(d.colour, r.colour) - 1 end order by r.list_index,
          r.colour collate "C", r.position, r.id), '[]'::json),
        'path', coalesce(json_agg(r.path order by r.list_index, r.colour collate "C", r.position,
          r.id), '[]'::json),
        'width', coalesce(json_agg(r.width order by r.list_index, r.colour collate "C", r.position,
          r.id), '[]'::json),
        'height', coalesce(json_agg(r.height order by r.list_index, r.colour collate "C",
          r.position, r.id), '[]'::json),
        'alt', coalesce(json_agg(r.alt order by r.list_index, r.colour collate "C", r.position,
          r.id), '[]'::json)
      )
      from photo_rows r
    ),
    'brands', (
      select coalesce(json_agg(json_strip_nulls(json_build_object(
        'id', b.id,
        'slug', b.slug,
        'name', b.name,
        'kind', b.kind,
        'category', b.category,
        'country', b.country,
        'heritage', b.heritage,
        'tier', b.tier,
        'logo', nullif(b.logo, '')
      )) order by b.id), '[]'::json)
      from public.watch_brands b
    )
  )
  from dict d, columns c
$$;

create or replace function public.catalogue_details()
returns json
language sql
stable
set search_path = ''
as $$
  with described as (
    select
      p.id,
      p.description,
      p.tags,
      p.specs,
      (row_number() over (order by p.id collate "C"))::int - 1 as list_index,
      lag(p.id) over (order by p.id collate "C") as previous_id
    from public.products p
    where p.active
  ), coded as (
    select
      d.*,
      case
        when d.previous_id is null then 0
        else (
          select count(*)::int
          from generate_series(1, least(length(d.id), length(d.previous_id))) as i
          where left(d.id, i) = left(d.previous_id, i)
        )
      end as shared
    from described d
  )
  select json_build_object(
    'format', 2,
    'version', public.catalogue_details_version(),
    'products', (
      select json_build_object(
        'id', coalesce(json_agg(
          case when c.shared >= 2 then c.shared || ':' || substr(c.id, c.shared + 1) else c.id end
          order by c.id collate "C"), '[]'),
        'description', coalesce(json_agg(c.description order by c.id collate "C"), '[]'),
        'tags', coalesce(json_agg(c.tags order by c.id collate "C"), '[]')
      )
      from coded c
    ),
    'specs', (
      select json_build_object(
        'product', coalesce(json_agg(c.list_index order by c.list_index), '[]'::json),
        'value', coalesce(json_agg(c.specs order by c.list_index), '[]'::json)
      )
      from coded c
      where c.specs <> '{}'::jsonb
    ),
    'brands', (
      select json_build_object(
        'id', coalesce(json_agg(b.id order by b.id), '[]'),
        'description', coalesce(json_agg(b.description order by b.id), '[]')
      )
      from public.watch_brands b
    )
  )
$$;
