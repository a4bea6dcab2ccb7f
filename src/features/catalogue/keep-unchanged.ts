/** Whether two values read from JSON (objects, arrays, strings, numbers, booleans, null) hold the same. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameData(item, b[index]))
    )
  }
  const aKeys = Object.keys(a)
  if (aKeys.length !== Object.keys(b).length) return false
  return aKeys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}

/**
 * A newly read list, with each item that holds the same as the shown one of its id replaced by the shown
 * one, and the shown list itself when every item is kept, in the same order. A catalogue read again
 * after one stock count or price changed then leaves every other product as it was: the cards memoised
 * on their product skip drawing again, and a page showing none of the changes does not draw at all.
 */
export function keepUnchanged<T extends { id: string }>(
  shown: readonly T[],
  next: readonly T[],
): readonly T[] {
  if (shown.length === 0) return next
  const byId = new Map(shown.map((item) => [item.id, item]))
  let allKept = shown.length === next.length
  const kept = next.map((item, index) => {
    const old = byId.get(item.id)
    const same = old !== undefined && sameData(old, item)
    if (!same || shown[index] !== old) allKept = false
    return same ? old : item
  })
  return allKept ? shown : kept
}
