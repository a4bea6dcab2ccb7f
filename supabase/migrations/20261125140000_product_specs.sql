-- Specifications for watches and jewellery: the table a buyer of a KSh 1 M watch looks for (reference,
-- case, movement, box and papers, warranty, authenticity), written by staff in the product editor and
-- listed in the catalogue so every shopper's device has it, offline too.

/**
 * A product's specifications: an object whose keys are the known ones, each a text of 1 to 200
 * characters. Only watches and jewellery carry them; every other product has none ('{}'). The check is
 * written inline (no function), so it runs under any writer's rights.
 */
alter table public.products
  add column specs jsonb not null default '{}'::jsonb,
  add constraint products_specs_check check (
    jsonb_typeof(specs) = 'object'
    and specs - array['reference', 'case', 'movement', 'box_papers', 'warranty', 'authenticity']
      = '{}'::jsonb
    and not jsonb_path_exists(
      specs, '$.* ? (@.type() != "string" || !(@ like_regex "^.{1,200}$" flag "s"))')
    and (specs = '{}'::jsonb or category in ('luxury-watches', 'smart-watches', 'jewelry'))
  );

/**
 * The list as in 20261124110100_product_photos.sql (format 2 with `photos`), with one more member for
 * the few products that have specifications, columnar like the photos:
 *
 *   specs        product   the product's index in the list
 *                value     its specifications (an object of texts by key)
 *
 * ordered by product.
 */
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
      p.specs,
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
    'details', left(md5(
      coalesce((
        select string_agg(p.id || chr(31) || p.description || chr(31)
          || array_to_string(p.tags, chr(30)), chr(29) order by p.id collate "C")
        from public.products p
        where p.active
      ), '') || chr(28) || coalesce((
        select string_agg(b.id::text || chr(31) || b.description, chr(29) order by b.id)
        from public.watch_brands b
      ), '')
    ), 16),
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
    'specs', (
      select json_build_object(
        'product', coalesce(json_agg(l.list_index order by l.list_index), '[]'::json),
        'value', coalesce(json_agg(l.specs order by l.list_index), '[]'::json)
      )
      from listed l
      where l.specs <> '{}'::jsonb
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
