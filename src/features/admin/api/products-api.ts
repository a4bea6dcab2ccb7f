import type { AppSupabaseClient } from '@/lib/supabase'
import type { ProductsSearch, ProductSort } from '../admin-search'
import type { ProductDraft, ProductRow, SizeStockRow } from '../product-form'
import { productRowFromDraft, sizeRowsFromDraft } from '../product-form'
import { AdminApiError, toAdminError, unwrap } from './admin-api-error'

export const PRODUCTS_PAGE_SIZE = 25
/** At or below this, a product shows as low stock (the overview uses the same line). */
export const LOW_STOCK = 5

export type ProductListRow = Pick<
  ProductRow,
  | 'id'
  | 'slug'
  | 'name'
  | 'category'
  | 'subcategory'
  | 'brand'
  | 'price'
  | 'discount'
  | 'stock'
  | 'active'
  | 'images'
  | 'updated_at'
> & {
  /** Units unpaid orders hold (they come back if those orders expire). */
  held: number
}

const listColumns =
  'id, slug, name, category, subcategory, brand, price, discount, stock, active, images, updated_at'

const sortColumns: Record<string, 'name' | 'price' | 'stock' | 'updated_at'> = {
  name: 'name',
  price: 'price',
  stock: 'stock',
  updated: 'updated_at',
}

/**
 * What a search box may send inside a PostgREST `or=(…)` filter: letters, digits, spaces and a few
 * marks. Commas, brackets, quotes and `*` would change the filter's grammar, so they are dropped.
 */
export function searchTerm(input: string | undefined): string {
  return (input ?? '')
    .replace(/[^\p{L}\p{N} .@_'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60)
}

function sortOf(sort: ProductSort | undefined) {
  const key = sort ?? 'name'
  const descending = key.startsWith('-')
  return { column: sortColumns[key.replace(/^-/, '')] ?? 'name', ascending: !descending }
}

export interface ProductPage {
  rows: ProductListRow[]
  count: number
}

/** One page of products for staff (archived ones included when asked), with the total count. */
export async function listProducts(
  client: AppSupabaseClient,
  search: ProductsSearch,
  pageSize = PRODUCTS_PAGE_SIZE,
): Promise<ProductPage> {
  const page = search.page ?? 1
  let query = client.from('products').select(listColumns, { count: 'exact' })
  const term = searchTerm(search.q)
  if (term) {
    const like = `*${term}*`
    query = query.or(
      `name.ilike.${like},slug.ilike.${like},id.ilike.${like},brand.ilike.${like},subcategory.ilike.${like}`,
    )
  }
  if (search.category) query = query.eq('category', search.category)
  if (search.state === 'active') query = query.eq('active', true)
  if (search.state === 'archived') query = query.eq('active', false)
  if (search.low) query = query.lte('stock', LOW_STOCK)
  const { column, ascending } = sortOf(search.sort)
  const response = await query
    .order(column, { ascending })
    .order('id', { ascending: true })
    .range((page - 1) * pageSize, page * pageSize - 1)
  // Past the last page (a filter narrowed the list): PostgREST answers 416; that page is just empty.
  if (response.status === 416) return { rows: [], count: response.count ?? 0 }
  const found = unwrap(response) ?? []
  const held = await fetchHeldStock(client)
  const rows = found.map((row) => ({ ...row, held: total(held.get(row.id)) }))
  return { rows, count: response.count ?? rows.length }
}

const total = (sizes: Map<string | null, number> | undefined) =>
  [...(sizes?.values() ?? [])].reduce((sum, n) => sum + n, 0)

interface HeldLine {
  productId: string
  size: string | null
  held: number
}

/** Stock held by unpaid orders: product id → size (null when not sold by size) → units. */
export async function fetchHeldStock(
  client: AppSupabaseClient,
): Promise<Map<string, Map<string | null, number>>> {
  const held = new Map<string, Map<string | null, number>>()
  const lines = (unwrap(await client.rpc('held_stock')) ?? []) as unknown as HeldLine[]
  for (const line of lines) {
    const sizes = held.get(line.productId) ?? new Map<string | null, number>()
    sizes.set(line.size, (sizes.get(line.size) ?? 0) + line.held)
    held.set(line.productId, sizes)
  }
  return held
}

export async function fetchProduct(client: AppSupabaseClient, id: string): Promise<ProductRow> {
  const rows = unwrap(await client.from('products').select('*').eq('id', id).limit(1))
  const row = rows?.[0]
  if (!row) throw new AdminApiError('That product was not found.', 404)
  return row
}

/** A product's stock size by size; empty when it is counted as one number. */
export async function fetchSizeStock(
  client: AppSupabaseClient,
  productId: string,
): Promise<Pick<SizeStockRow, 'size' | 'stock'>[]> {
  return (
    unwrap(await client.from('product_sizes').select('size, stock').eq('product_id', productId)) ??
    []
  )
}

/** Subcategories, brands and image paths already in use: suggestions for the editor. */
export interface ProductOptions {
  subcategories: string[]
  brands: string[]
  images: string[]
}

export async function fetchProductOptions(client: AppSupabaseClient): Promise<ProductOptions> {
  const rows = unwrap(await client.from('products').select('subcategory, brand, images')) ?? []
  const sorted = (values: Iterable<string>) =>
    [...new Set(values)].sort((a, b) => a.localeCompare(b))
  return {
    subcategories: sorted(rows.flatMap((r) => (r.subcategory ? [r.subcategory] : []))),
    brands: sorted(rows.flatMap((r) => (r.brand ? [r.brand] : []))),
    images: sorted(rows.flatMap((r) => r.images.filter((path) => path.startsWith('/')))),
  }
}

/** Which field a refused write is about, so the editor can put the message beside it. */
export type ProductSaveField =
  'slug' | 'price' | 'discount' | 'stock' | 'sizeStock' | 'name' | 'category' | 'specs'

export class ProductSaveError extends AdminApiError {
  constructor(
    message: string,
    status: number,
    readonly field: ProductSaveField | null,
  ) {
    super(message, status)
    this.name = 'ProductSaveError'
  }
}

const checkMessages: Record<string, [ProductSaveField, string]> = {
  products_price_check: ['price', 'The price must be more than 0 shillings.'],
  products_discount_check: ['discount', 'The discount must be from 0 to 90 percent.'],
  products_stock_check: ['stock', 'Stock cannot be below 0.'],
  products_slug_check: ['slug', 'The slug may only hold lower-case letters, numbers and dashes.'],
  products_id_check: ['slug', 'The slug may only hold lower-case letters, numbers and dashes.'],
  products_name_check: ['name', 'The name must be 1 to 200 characters.'],
  products_category_check: ['category', 'Choose one of the store’s categories.'],
  products_specs_check: [
    'specs',
    'Specifications are for watches and jewellery only, each at most 200 characters.',
  ],
  product_sizes_stock_check: ['sizeStock', 'A size’s stock cannot be below 0.'],
}

/** A save refused because the product moved on since the editor loaded it (the database checks). */
export class StaleProductError extends AdminApiError {
  constructor(message: string) {
    super(message, 409, 'PT409')
    this.name = 'StaleProductError'
  }
}

function saveError(
  error: { message?: string; code?: string; details?: string | null },
  status: number,
  slug: string,
): AdminApiError {
  const message = error.message ?? ''
  if (error.code === 'PT409') return new StaleProductError(message)
  if (error.code === '23505') {
    return new ProductSaveError(
      `Another product already uses the slug “${slug}”. Choose a different slug.`,
      409,
      'slug',
    )
  }
  if (error.code === '23514') {
    const constraint = Object.keys(checkMessages).find((name) => message.includes(name))
    if (constraint) {
      const [field, text] = checkMessages[constraint]!
      return new ProductSaveError(text, 400, field)
    }
  }
  return toAdminError(error, status)
}

/**
 * Creates a product (its id is its first slug, and stays when the slug later changes) or saves changes
 * to one. The database checks every rule again, and its answer is turned into words for the form.
 *
 * Stock counted per size is saved as one row per size after the product (whose sizes a row must be
 * among); the database keeps the product's total the sum of them. Counting as one number again removes
 * the rows first, so the total typed is the one kept.
 */
export async function saveProduct(
  client: AppSupabaseClient,
  draft: ProductDraft,
  existing?: ProductRow,
): Promise<ProductRow> {
  const row = productRowFromDraft(draft, existing ? existing.images.slice(1) : [])
  // Only a product with sizes can have size rows (the database keeps them to the sizes it offers).
  if (existing && !draft.bySize && existing.sizes.length > 0) {
    // The rows go before the (version-checked) update: refuse here first if the product moved on.
    const current = await fetchProduct(client, existing.id)
    if (current.edit_version !== existing.edit_version) {
      throw new StaleProductError(
        'This product was changed by someone else while you were editing it.',
      )
    }
    const cleared = await client.from('product_sizes').delete().eq('product_id', existing.id)
    if (cleared.error) throw saveError(cleared.error, cleared.status, row.slug)
  }
  const response = existing
    ? await client
        .from('products')
        // The version this edit started from: the database refuses the save if it is not current.
        .update({ ...row, edit_version: existing.edit_version })
        .eq('id', existing.id)
        .select('*')
    : await client
        .from('products')
        .insert({ ...row, id: row.slug })
        .select('*')
  if (response.error) throw saveError(response.error, response.status, row.slug)
  const saved = response.data?.[0]
  if (!saved)
    throw new AdminApiError('That product was not found, or your account cannot change it.', 404)
  if (!draft.bySize) return saved
  const sizes = await client
    .from('product_sizes')
    .upsert(sizeRowsFromDraft(draft, saved.id), { onConflict: 'product_id,size' })
  if (sizes.error) throw saveError(sizes.error, sizes.status, row.slug)
  // The total as the database now counts it.
  return fetchProduct(client, saved.id)
}

/** Archives a product (shoppers stop seeing it; orders keep their lines) or brings it back. */
export async function setProductActive(
  client: AppSupabaseClient,
  id: string,
  active: boolean,
): Promise<ProductRow> {
  const rows = unwrap(await client.from('products').update({ active }).eq('id', id).select('*'))
  const row = rows?.[0]
  if (!row)
    throw new AdminApiError('That product was not found, or your account cannot change it.', 404)
  return row
}
