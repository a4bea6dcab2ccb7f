import type { Catalogue } from '@/features/catalogue/catalogue-slice'
import { colourWords, nameWords } from '@shared/catalogue-format'

/**
 * The fixture catalogue as `catalogue()` and `catalogue_details()` send it (format 2), made the way the
 * migration makes it (supabase/migrations/20261122090000_compact_catalogue.sql), for tests that decode
 * without a server. tests/supabase/db/catalogue.test.ts checks the real functions against the table.
 */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function dictionary(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(byteOrder)
}

function codedIds(ids: string[]): string[] {
  return ids.map((id, i) => {
    const previous = ids[i - 1]
    if (previous === undefined) return id
    let shared = 0
    while (shared < Math.min(id.length, previous.length) && id[shared] === previous[shared]) {
      shared++
    }
    return shared >= 2 ? `${shared}:${id.slice(shared)}` : id
  })
}

export function encodeCatalogue(catalogue: Catalogue, detailsVersion = 'details-1') {
  const products = [...catalogue.products].sort((a, b) => byteOrder(a.id, b.id))
  const category = dictionary(products.map((p) => p.category))
  const subcategory = dictionary(products.flatMap((p) => (p.subcategory ? [p.subcategory] : [])))
  const brand = dictionary(products.flatMap((p) => (p.brand ? [p.brand] : [])))
  const colour = dictionary(products.flatMap((p) => p.colors))
  const sizeKeys = dictionary(products.map((p) => JSON.stringify(p.sizes)))
  const pictureOf = (p: Catalogue['products'][number]) => {
    const words = p.colors[0] === undefined ? '' : colourWords(p.colors[0])
    const suffix = `-${words}.svg`
    return words && p.image && p.image.length > suffix.length && p.image.endsWith(suffix)
      ? p.image.slice(0, -suffix.length)
      : undefined
  }
  const picture = dictionary(products.flatMap((p) => pictureOf(p) ?? []))
  const branded = (p: Catalogue['products'][number]) =>
    p.brand !== '' && p.name.startsWith(`${p.brand} `) && p.name.length > p.brand.length + 1
  return {
    format: 2,
    version: catalogue.version,
    details: detailsVersion,
    dict: {
      category,
      subcategory,
      brand,
      colour,
      sizes: sizeKeys.map((key) => JSON.parse(key) as string[]),
      picture,
    },
    products: {
      id: codedIds(products.map((p) => p.id)),
      name: products.map((p) => (branded(p) ? p.name.slice(p.brand.length + 1) : p.name)),
      slug: products.map((p) =>
        p.slug === `${nameWords(p.name)}-${p.id}` ? 0 : p.slug === nameWords(p.name) ? 1 : p.slug,
      ),
      category: products.map((p) => category.indexOf(p.category)),
      subcategory: products.map((p) => (p.subcategory ? subcategory.indexOf(p.subcategory) : null)),
      brand: products.map((p) => (p.brand ? brand.indexOf(p.brand) : null)),
      price: products.map((p) => p.price),
      discount: products.map((p) => p.discount),
      rating: products.map((p) => Math.round(p.rating * 10)),
      stock: products.map((p) => p.stock),
      sizes: products.map((p) => sizeKeys.indexOf(JSON.stringify(p.sizes))),
      colours: products.map((p) => p.colors.map((c) => colour.indexOf(c))),
      image: products.map((p) => {
        const stem = pictureOf(p)
        return stem === undefined ? p.image : picture.indexOf(stem)
      }),
      flags: products.map(
        (p) =>
          (p.newArrival ? 1 : 0) |
          (p.featured ? 2 : 0) |
          (p.tags.includes('heritage') ? 4 : 0) |
          (branded(p) ? 8 : 0),
      ),
      listed: products.map((p) => Math.floor(Date.parse(p.createdAt) / 86_400_000)),
    },
    brands: catalogue.brands.map((b) => ({
      id: Number(b.id),
      slug: b.slug,
      name: b.name,
      kind: b.kind,
      category: b.category,
      country: b.country,
      ...(b.heritage ? { heritage: b.heritage } : {}),
      ...(b.tier ? { tier: b.tier } : {}),
      ...(b.logo ? { logo: b.logo } : {}),
    })),
  }
}

export function encodeDetails(catalogue: Catalogue, version = 'details-1') {
  const products = [...catalogue.products].sort((a, b) => byteOrder(a.id, b.id))
  return {
    format: 2,
    version,
    products: {
      id: codedIds(products.map((p) => p.id)),
      description: products.map((p) => p.description),
      tags: products.map((p) => p.tags),
    },
    specs: {
      product: products.flatMap((p, i) => (p.specs ? [i] : [])),
      value: products.flatMap((p) => (p.specs ? [p.specs] : [])),
    },
    brands: {
      id: catalogue.brands.map((b) => Number(b.id)),
      description: catalogue.brands.map((b) => b.description),
    },
  }
}
