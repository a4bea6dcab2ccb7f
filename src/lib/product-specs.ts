/**
 * Specifications of watches and jewellery, as `products.specs` holds them (the database checks the same
 * rules): known keys only, each a text of 1 to 200 characters, and only on the categories below.
 */
export const specKeys = [
  'reference',
  'case',
  'movement',
  'box_papers',
  'warranty',
  'authenticity',
] as const

export type SpecKey = (typeof specKeys)[number]
export type ProductSpecs = Partial<Record<SpecKey, string>>

export const specLabels: Record<SpecKey, string> = {
  reference: 'Reference',
  case: 'Case',
  movement: 'Movement',
  box_papers: 'Box and papers',
  warranty: 'Warranty',
  authenticity: 'Authenticity',
}

export const specMaxLength = 200

/** The categories whose products carry specifications. */
export const specCategories: readonly string[] = ['luxury-watches', 'smart-watches', 'jewelry']

export function hasSpecsCategory(category: string): boolean {
  return specCategories.includes(category)
}

/** The known, non-empty entries of a value (trimmed), in the table's order; anything else is dropped. */
export function readSpecs(value: unknown): ProductSpecs {
  const specs: ProductSpecs = {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return specs
  const record = value as Record<string, unknown>
  for (const key of specKeys) {
    const entry = record[key]
    if (typeof entry !== 'string') continue
    const trimmed = entry.trim()
    if (trimmed && trimmed.length <= specMaxLength) specs[key] = trimmed
  }
  return specs
}

/** The rows to show: label and value, in the table's order. */
export function specRows(
  specs: ProductSpecs | undefined,
): { key: SpecKey; label: string; value: string }[] {
  if (!specs) return []
  return specKeys.flatMap((key) => {
    const value = specs[key]
    return value ? [{ key, label: specLabels[key], value }] : []
  })
}
