// Vitest 5 prints failures with Map.groupBy / Object.groupBy, which Node 20 lacks (added in Node 21).
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = function groupBy(items, keyOf) {
    const groups = new Map()
    let index = 0
    for (const item of items) {
      const key = keyOf(item, index++)
      const group = groups.get(key)
      if (group) group.push(item)
      else groups.set(key, [item])
    }
    return groups
  }
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = function groupBy(items, keyOf) {
    const groups = Object.create(null)
    let index = 0
    for (const item of items) {
      const key = keyOf(item, index++)
      ;(groups[key] ??= []).push(item)
    }
    return groups
  }
}
