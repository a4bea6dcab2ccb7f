-- The catalogue in two documents. Every visit reads the list (what cards, listings, filters and sorting
-- need), so it is made as small as the data allows; the details (descriptions, tags, brand stories) are
-- read after the first render and only when they changed.
--
-- The list, format 2, is columnar: one array per field, product i at index i of each (products ordered by
-- id, byte order). Repeated strings travel once, in `dict`, and are referenced by index:
--
--   format       2 (a device holding another format reads the catalogue afresh)
--   version      catalogue_version(): changes with anything the list shows, the ETag of both documents
--   details      the version of catalogue_details() (a hash of its content): a device that holds those
--                details keeps them, so an order changing a stock count does not resend every description
--   dict         category, subcategory, brand, colour: sorted strings; sizes: the distinct size lists;
--                picture: image paths without their colour suffix (see image below)
--   products     id        the id, or `<n>:<rest>`: the first n characters of the previous id, then rest
--                name      the name; without its leading "<brand> " when flag 8 is set
--                slug      0: <name words>-<id>, 1: <name words>, else the slug itself. Name words: the
--                          name in NFKD without combining marks (U+0300–U+036F), A–Z lower-cased, '&' read
--                          as ' and ', every run of other characters than a–z and 0–9 one dash, no dash at
--                          either end (how the seed and the admin editor make slugs)
--                category, subcategory, brand: dict index (null: none); sizes: dict index
--                colours   dict indexes
--                price, discount, stock: whole numbers; rating: tenths (47 is 4.7)
--                image     picture index n: dict.picture[n] || '-' || <first colour's words> || '.svg',
--                          where colour words are the colour with A–Z lower-cased, every run of other
--                          characters than a–z and 0–9 one dash, no dash at either end; else the path
--                          itself, or null
--                flags     1 new arrival, 2 featured, 4 tagged 'heritage' (the Heritage Collection is
--                          listed before the details arrive), 8 name starts with the brand
--                listed    the day it was listed: whole days since 1970-01-01 (UTC)
--   brands       the watch brands without their descriptions
--
-- Both stay security invoker: the caller's RLS applies, and inactive products are filtered explicitly for
-- staff callers too.

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

/**
 * What the list leaves out, for the product page, search and the assistant: descriptions and tags of the
 * active products (ids coded as in the list, in the same order) and the watch brands' descriptions.
 * `version` is a hash of exactly this content, the `details` of catalogue(): it changes when a
 * description, a tag or the set of active products changes, and not when a price or a stock count does.
 */
create function public.catalogue_details()
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
    'version', left(md5(
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
    'brands', (
      select json_build_object(
        'id', coalesce(json_agg(b.id order by b.id), '[]'),
        'description', coalesce(json_agg(b.description order by b.id), '[]')
      )
      from public.watch_brands b
    )
  )
$$;

revoke all on function public.catalogue_details() from public, anon, authenticated, service_role;
grant execute on function public.catalogue_details() to anon, authenticated, service_role;
