import { readJson } from './body'
import { ERRORS } from './errors'
import type { StorageRequest } from './handler'

/**
 * `POST /object/list/:bucket`: one level of a bucket under `prefix`, folders first as hosted's
 * `storage.search` gives them (a folder is a name with `id: null`), filtered by `search`, sorted by
 * `sortBy`, paged by `limit` / `offset`. Only rows the caller may select are seen.
 */
interface Entry {
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: Record<string, unknown> | null
}

const SORTABLE = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at'])

export async function listObjects(r: StorageRequest, bucketId: string) {
  const body = await readJson(r.req)
  let prefix = typeof body.prefix === 'string' ? body.prefix : ''
  if (prefix && !prefix.endsWith('/')) prefix += '/'
  if (prefix === '/') prefix = ''
  const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000)
  const offset = Math.max(Number(body.offset ?? 0) || 0, 0)
  const search = typeof body.search === 'string' ? body.search.toLowerCase() : ''
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string }
  const column = sortBy.column && SORTABLE.has(sortBy.column) ? sortBy.column : 'name'
  if (sortBy.column && !SORTABLE.has(sortBy.column)) throw ERRORS.invalidParameter('sortBy')
  const descending = String(sortBy.order ?? 'asc').toLowerCase() === 'desc'

  const rows = await r.asCaller(async (tx) => {
    const res = await tx.query<{ j: string }>(
      `select row_to_json(o)::text as j from (
         select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
         where bucket_id = $1 and left(name, length($2)) = $2) o`,
      [bucketId, prefix],
    )
    return res.rows.map((row) => JSON.parse(row.j) as Entry)
  }, true)

  const folders = new Map<string, Entry>()
  const files: Entry[] = []
  for (const row of rows) {
    const rest = row.name.slice(prefix.length)
    const slash = rest.indexOf('/')
    const name = slash === -1 ? rest : rest.slice(0, slash)
    if (search && !name.toLowerCase().startsWith(search)) continue
    if (slash === -1) files.push({ ...row, name })
    else if (!folders.has(name)) {
      folders.set(name, {
        name,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      })
    }
  }
  const direction = descending ? -1 : 1
  const byName = (a: Entry, b: Entry) =>
    direction * (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  const sortedFolders = [...folders.values()].sort(byName)
  const sortedFiles = files.sort((a, b) => {
    if (column === 'name') return byName(a, b)
    const av = String(a[column as keyof Entry] ?? '')
    const bv = String(b[column as keyof Entry] ?? '')
    return direction * (av < bv ? -1 : av > bv ? 1 : 0) || byName(a, b)
  })
  r.json(200, [...sortedFolders, ...sortedFiles].slice(offset, offset + limit))
}
