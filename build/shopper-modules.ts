/** A module of the staff's admin area: its routes and its feature folder. */
export const staffOnlyModule = /\/src\/(routes\/admin|features\/admin\/)/

/** The modules reached from `entry` through `imports`, never entering one `leftOut` says to leave. */
export function reachableModules(
  entry: string,
  imports: (id: string) => Iterable<string>,
  leftOut: (id: string) => boolean,
): Set<string> {
  const ids = new Set<string>()
  const pending = [entry]
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (ids.has(id) || leftOut(id)) continue
    ids.add(id)
    for (const next of imports(id)) pending.push(next)
  }
  return ids
}

/**
 * The modules a shopper's pages can reach: from `entry` through every static and dynamic import
 * (`imports` gives both), except into the staff's admin area. What only the admin area reaches is left
 * out; what both reach is in.
 */
export function shopperModuleIds(
  entry: string,
  imports: (id: string) => Iterable<string>,
): Set<string> {
  return reachableModules(entry, imports, (id) => staffOnlyModule.test(id))
}
