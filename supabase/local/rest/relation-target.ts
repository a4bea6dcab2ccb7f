/** The table or view a request addresses, or PGRST205 with the nearest name as a hint. */
import { ApiError } from './errors'
import { relKey, type Relation, type SchemaCache } from './schema-cache'

export function findRelation(cache: SchemaCache, schema: string, name: string): Relation {
  const rel = cache.relations.get(relKey(schema, name))
  if (rel) return rel
  throw new ApiError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    similarTable(cache, schema, name),
  )
}

function similarTable(cache: SchemaCache, schema: string, name: string): string | null {
  let best: string | null = null
  let bestScore = Infinity
  for (const rel of cache.relations.values()) {
    if (rel.schema !== schema) continue
    const d = distance(rel.name, name)
    if (d < bestScore && d <= Math.max(2, Math.floor(name.length / 3))) {
      best = rel.name
      bestScore = d
    }
  }
  return best ? `Perhaps you meant the table '${schema}.${best}'` : null
}

function distance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!
    dp[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = tmp
    }
  }
  return dp[b.length]!
}
