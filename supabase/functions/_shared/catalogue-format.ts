/**
 * The catalogue's two documents on the wire (format 2, written by `public.catalogue()` and
 * `public.catalogue_details()`, supabase/migrations/20261122090000_compact_catalogue.sql, which describes
 * every field) turned back into one plain object per product, the shape the first format had.
 *
 * Expanding is all this does: values are handed on as found, and a reference that leads nowhere (an index
 * past its dictionary, an id coded against a missing one) leaves that field undefined. Checking the rows is
 * the reader's job (the app's decoder drops a bad row; the assistant takes what it can use), so one broken
 * product never costs the others.
 */

export const catalogueFormat = 2

/** A product of the list, as the first format sent it; details add `description`, `tags` and `specs`. */
export interface CatalogueRow {
  id?: string
  slug?: string
  name?: string
  category?: unknown
  subcategory?: unknown
  brand?: unknown
  price?: unknown
  discount?: unknown
  rating?: unknown
  sizes?: unknown
  colors?: unknown
  stock?: unknown
  image?: unknown
  newArrival: boolean
  featured: boolean
  /** Tags the list carries: 'heritage' when the product is in the Heritage Collection. */
  tags: string[]
  /** The day it was listed, `YYYY-MM-DD` (UTC). */
  createdAt?: string
  /** Its photos in order (by colour, then position), values as sent. */
  photos: CataloguePhotoRow[]
  /**
   * Its specifications (watches and jewellery), as sent; undefined when it has none. Lists made since
   * 20261129100000_specs_with_details.sql leave them to the details.
   */
  specs?: unknown
}

/** A product photo: `colour` null for a photo of every colour; `path` its key in the photo bucket. */
export interface CataloguePhotoRow {
  colour: string | null | undefined
  path: unknown
  width: unknown
  height: unknown
  alt: unknown
}

export interface ExpandedCatalogue {
  version: string
  /** The version of the details that go with this list (`catalogue_details().version`). */
  detailsVersion: string
  products: CatalogueRow[]
  /** Watch brands as sent (objects), descriptions left to the details. */
  brands: unknown[]
}

export interface ExpandedProductDetails {
  description: unknown
  tags: unknown
  specs?: unknown
}

export interface ExpandedDetails {
  version: string
  /** By product id; `specs` only for a product that has some. */
  products: Map<string, ExpandedProductDetails>
  /** By watch brand id (as text). */
  brands: Map<string, { description: unknown }>
}

type Row = Record<string, unknown>

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

function entry<T>(values: readonly (T | undefined)[], index: unknown): T | undefined {
  return typeof index === 'number' && Number.isInteger(index) && index >= 0
    ? values[index]
    : undefined
}

/** A–Z lower-cased, every run of other characters than a–z and 0–9 one dash, none at either end. */
function words(text: string): string {
  return text
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase())
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** A name's words as slugs use them: NFKD, combining marks dropped, '&' read as 'and'. */
export function nameWords(name: string): string {
  return words(
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[A-Z]/g, (letter) => letter.toLowerCase())
      .replace(/&/g, ' and '),
  )
}

/** A colour's words, as picture file names use them (`Beaded Multi` → `beaded-multi`). */
export function colourWords(colour: string): string {
  return words(colour)
}

/** Ids in list order, each either whole or `<n>:<rest>` (the first n characters of the previous id). */
function expandIds(coded: unknown[]): (string | undefined)[] {
  let previous: string | undefined
  return coded.map((value) => {
    let id: string | undefined
    if (typeof value === 'string') {
      const shared = /^(\d+):(.*)$/.exec(value)
      if (!shared) id = value
      else if (previous !== undefined && Number(shared[1]) <= previous.length) {
        id = previous.slice(0, Number(shared[1])) + shared[2]
      }
    }
    previous = id
    return id
  })
}

function stringList(value: unknown): string[] {
  return list(value).filter((item): item is string => typeof item === 'string')
}

/** A dictionary: a bad entry reads as undefined, and never moves the entries after it. */
function dictionary(value: unknown): (string | undefined)[] {
  return list(value).map((item) => (typeof item === 'string' ? item : undefined))
}

function dayOf(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined
  const date = new Date(Math.round(value) * 86_400_000)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10)
}

/** The `photos` columns, by the product's index in the list (absent in lists made before photos). */
function expandPhotos(value: unknown, colours: (string | undefined)[]) {
  const byProduct = new Map<number, CataloguePhotoRow[]>()
  if (!isRow(value)) return byProduct
  const product = list(value.product)
  const colour = list(value.colour)
  const path = list(value.path)
  const width = list(value.width)
  const height = list(value.height)
  const alt = list(value.alt)
  product.forEach((index, i) => {
    if (typeof index !== 'number' || !Number.isInteger(index)) return
    const row: CataloguePhotoRow = {
      colour: colour[i] === null ? null : entry(colours, colour[i]),
      path: path[i],
      width: width[i],
      height: height[i],
      alt: alt[i],
    }
    const photos = byProduct.get(index)
    if (photos) photos.push(row)
    else byProduct.set(index, [row])
  })
  return byProduct
}

/**
 * The `specs` columns, by the product's index in the document's id list: in the details, and in lists
 * made before the specifications moved there.
 */
function expandSpecs(value: unknown) {
  const byProduct = new Map<number, unknown>()
  if (!isRow(value)) return byProduct
  const values = list(value.value)
  list(value.product).forEach((index, i) => {
    if (typeof index === 'number' && Number.isInteger(index)) byProduct.set(index, values[i])
  })
  return byProduct
}

/** The list document as rows; undefined when the value is not a format-2 list at all. */
export function expandCatalogue(value: unknown): ExpandedCatalogue | undefined {
  if (!isRow(value) || value.format !== catalogueFormat || !isRow(value.products)) return undefined
  const dict = isRow(value.dict) ? value.dict : {}
  const categories = dictionary(dict.category)
  const subcategories = dictionary(dict.subcategory)
  const brands = dictionary(dict.brand)
  const colours = dictionary(dict.colour)
  const sizeSets = list(dict.sizes).map(stringList)
  const pictures = dictionary(dict.picture)
  const columns = value.products
  const ids = expandIds(list(columns.id))
  const column = (name: string) => list(columns[name])
  const c = {
    name: column('name'),
    slug: column('slug'),
    category: column('category'),
    subcategory: column('subcategory'),
    brand: column('brand'),
    price: column('price'),
    discount: column('discount'),
    rating: column('rating'),
    stock: column('stock'),
    sizes: column('sizes'),
    colours: column('colours'),
    image: column('image'),
    flags: column('flags'),
    listed: column('listed'),
  }

  const photos = expandPhotos(value.photos, colours)
  const specs = expandSpecs(value.specs)
  const products = ids.map((id, i): CatalogueRow => {
    const flag = typeof c.flags[i] === 'number' ? (c.flags[i] as number) : 0
    const brandName = entry(brands, c.brand[i])
    let name = typeof c.name[i] === 'string' ? (c.name[i] as string) : undefined
    if (name !== undefined && flag & 8) name = brandName ? `${brandName} ${name}` : undefined
    const productColours = list(c.colours[i]).map((index) => entry(colours, index))
    const firstColour = productColours[0]

    let slug: string | undefined
    const slugCode = c.slug[i]
    if (typeof slugCode === 'string') slug = slugCode
    else if (name !== undefined && id !== undefined && (slugCode === 0 || slugCode === 1)) {
      slug = slugCode === 0 ? `${nameWords(name)}-${id}` : nameWords(name)
    }

    let image: unknown = c.image[i]
    if (typeof image === 'number') {
      const picture = entry(pictures, image)
      image = picture && firstColour ? `${picture}-${colourWords(firstColour)}.svg` : undefined
    }

    const ratingTenths = c.rating[i]
    return {
      id,
      slug,
      name,
      category: entry(categories, c.category[i]),
      subcategory: entry(subcategories, c.subcategory[i]),
      brand: brandName,
      price: c.price[i],
      discount: c.discount[i],
      rating: typeof ratingTenths === 'number' ? ratingTenths / 10 : undefined,
      sizes: entry(sizeSets, c.sizes[i]) ?? [],
      colors: productColours.filter((colour): colour is string => colour !== undefined),
      stock: c.stock[i],
      image,
      newArrival: (flag & 1) !== 0,
      featured: (flag & 2) !== 0,
      tags: flag & 4 ? ['heritage'] : [],
      createdAt: dayOf(c.listed[i]),
      photos: photos.get(i) ?? [],
      ...(specs.has(i) ? { specs: specs.get(i) } : {}),
    }
  })

  return {
    version: typeof value.version === 'string' ? value.version : '',
    detailsVersion: typeof value.details === 'string' ? value.details : '',
    products,
    brands: list(value.brands),
  }
}

/** The details document by product and brand id; undefined when it is not a format-2 details document. */
export function expandDetails(value: unknown): ExpandedDetails | undefined {
  if (!isRow(value) || value.format !== catalogueFormat || !isRow(value.products)) return undefined
  const products = new Map<string, ExpandedProductDetails>()
  const descriptions = list(value.products.description)
  const tags = list(value.products.tags)
  const specs = expandSpecs(value.specs)
  expandIds(list(value.products.id)).forEach((id, i) => {
    if (id === undefined) return
    products.set(id, {
      description: descriptions[i],
      tags: tags[i],
      ...(specs.has(i) ? { specs: specs.get(i) } : {}),
    })
  })
  const brands = new Map<string, { description: unknown }>()
  if (isRow(value.brands)) {
    const brandDescriptions = list(value.brands.description)
    list(value.brands.id).forEach((id, i) => {
      if (typeof id === 'number' || typeof id === 'string') {
        brands.set(String(id), { description: brandDescriptions[i] })
      }
    })
  }
  return { version: typeof value.version === 'string' ? value.version : '', products, brands }
}
