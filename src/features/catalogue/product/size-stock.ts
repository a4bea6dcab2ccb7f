/**
 * A product's stock size by size, as `product_size_stock` answers it: one count per size the product
 * offers. Null when the product does not sell by size, or while the answer is unknown (offline, not
 * loaded yet, a failure): the page then shows the product's own stock, and checkout decides.
 */
export type SizeStock = ReadonlyMap<string, number>

/** The RPC's JSON, checked: [{ size, stock }] with whole counts; anything else counts as unknown. */
export function parseSizeStock(value: unknown): SizeStock | null {
  if (!Array.isArray(value) || value.length === 0) return null
  const stock = new Map<string, number>()
  for (const entry of value as unknown[]) {
    if (!entry || typeof entry !== 'object') return null
    const { size, stock: count } = entry as { size?: unknown; stock?: unknown }
    if (typeof size !== 'string' || !Number.isSafeInteger(count) || (count as number) < 0) {
      return null
    }
    stock.set(size, count as number)
  }
  return stock
}

/** The sizes that cannot be chosen now (a size missing from the answer counts as sold out). */
export function soldOutSizes(sizes: readonly string[], stock: SizeStock | null): string[] {
  if (!stock) return []
  return sizes.filter((size) => (stock.get(size) ?? 0) <= 0)
}

/**
 * What the page can sell: the chosen size's count when sizes are known and one is chosen, all sizes
 * together when none is, the product's stock otherwise.
 */
export function availableStock(
  productStock: number,
  stock: SizeStock | null,
  size: string | undefined,
): number {
  if (!stock) return productStock
  if (size) return stock.get(size) ?? 0
  let total = 0
  for (const count of stock.values()) total += count
  return total
}
