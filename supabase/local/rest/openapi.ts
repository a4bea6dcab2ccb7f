/** The API root (only supabase-js's `getOpenApiSpec()` reads it): a minimal description of the exposed tables. */
import { ApiError } from './errors'
import type { SchemaCache } from './schema-cache'

export function openApi(method: string, schema: string, cache: SchemaCache): Response {
  if (method !== 'GET' && method !== 'HEAD') {
    throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
  }
  const paths: Record<string, object> = { '/': {} }
  const definitions: Record<string, object> = {}
  for (const rel of cache.relations.values()) {
    if (rel.schema !== schema) continue
    paths[`/${rel.name}`] = {}
    definitions[rel.name] = {
      type: 'object',
      properties: Object.fromEntries(rel.columnList.map((c) => [c.name, { format: c.type }])),
    }
  }
  for (const [key] of cache.routines) {
    const [routineSchema, fn] = key.split('.')
    if (routineSchema === schema) paths[`/rpc/${fn}`] = {}
  }
  const body = JSON.stringify({
    swagger: '2.0',
    info: { title: 'Luxe Kenya local API', version: 'local' },
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json'],
    produces: ['application/json'],
    paths,
    definitions,
  })
  return new Response(method === 'HEAD' ? null : body, {
    status: 200,
    headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' },
  })
}
