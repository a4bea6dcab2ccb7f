/** The table or view a request addresses, or PGRST205 with the nearest name as a hint. */
import { ApiError } from './errors'
import { fuzzyOne } from './fuzzy'
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

/** PostgREST's hint: the nearest table name of the schema. */
function similarTable(cache: SchemaCache, schema: string, name: string): string | null {
  const names = [...cache.relations.values()].filter((r) => r.schema === schema).map((r) => r.name)
  const best = fuzzyOne(names, name)
  return best ? `Perhaps you meant the table '${schema}.${best}'` : null
}
