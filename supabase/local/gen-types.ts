/**
 * `npm run db:types`: writes `src/lib/database.types.ts` from the migrated database, in the shape the
 * Supabase CLI's `gen types typescript` produces (Tables Row/Insert/Update/Relationships, Views,
 * Functions Args/Returns, Enums, CompositeTypes, helper types), so the app can switch to CLI output
 * against a hosted project without changing an import. One addition the CLI does not make: a text column
 * limited by `check (col in ('a', 'b'))` gets the union `'a' | 'b'` instead of `string`.
 *
 * `--check` writes nothing and exits 1 when the committed file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { openDatabase, type LocalDb } from './db'
import { readPublicCatalogue, type ColumnRow, type FunctionRow } from './gen-types-catalogue'

export const typesFile = fileURLToPath(new URL('../../src/lib/database.types.ts', import.meta.url))

const scalar: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  oid: 'number',
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
  record: 'Json',
}

function tsType(type: string, enums: Set<string>): string {
  if (enums.has(type)) return `Database['public']['Enums']['${type}']`
  return scalar[type] ?? (type === 'unknown' ? 'unknown' : 'string')
}

function quoteKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`
}

/** `CHECK ((status = ANY (ARRAY['a'::text, 'b'::text])))` → ['a', 'b']. */
function checkedValues(definition: string): string[] | null {
  const m =
    /^CHECK \(\(?\(?(\w+)\)?(?:::text)? = ANY \(\(?ARRAY\[(.+)\]\)?(?:::text\[\])?\)\)\)?$/.exec(
      definition,
    )
  if (!m) return null
  const values = [...m[2]!.matchAll(/'((?:[^']|'')*)'::(?:text|character varying)/g)].map((v) =>
    v[1]!.replace(/''/g, "'"),
  )
  return values.length > 0 ? values : null
}

export async function generateTypes(db: LocalDb): Promise<string> {
  const { columns, relationships, functions, enumRows, checks } = await readPublicCatalogue(db)
  const enums = new Set(enumRows.map((e) => e.name))
  const unions = new Map<string, string>()
  for (const check of checks) {
    const values = checkedValues(check.definition)
    if (values)
      unions.set(
        `${check.table}.${check.column}`,
        values.map((v) => `'${v.replace(/'/g, "\\'")}'`).join(' | '),
      )
  }

  const columnType = (c: ColumnRow) => {
    const union = unions.get(`${c.table}.${c.column}`)
    if (union) return union
    if (c.element_type) return `${tsType(c.element_type, enums)}[]`
    return tsType(c.type, enums)
  }

  const tables = new Map<string, ColumnRow[]>()
  for (const c of columns) {
    const list = tables.get(c.table) ?? []
    list.push(c)
    tables.set(c.table, list)
  }

  const relationshipsOf = (table: string) => {
    const rels = relationships.filter((r) => r.table === table)
    if (rels.length === 0) return '[]'
    return `[${rels
      .map(
        (r) => `{
          foreignKeyName: '${r.name}'
          columns: [${r.columns.map((c) => `'${c}'`).join(', ')}]
          isOneToOne: ${r.one_to_one}
          referencedRelation: '${r.referenced}'
          referencedColumns: [${r.referenced_columns.map((c) => `'${c}'`).join(', ')}]
        }`,
      )
      .join(', ')}]`
  }

  const tableBlock = (name: string, cols: ColumnRow[], view: boolean) => {
    const row = cols.map(
      (c) => `${quoteKey(c.column)}: ${columnType(c)}${c.not_null ? '' : ' | null'}`,
    )
    const insert = cols.map((c) => {
      if (c.identity === 'a' || c.generated === 's') return `${quoteKey(c.column)}?: never`
      const optional = !c.not_null || c.has_default || c.identity === 'd'
      return `${quoteKey(c.column)}${optional ? '?' : ''}: ${columnType(c)}${c.not_null ? '' : ' | null'}`
    })
    const update = cols.map((c) => {
      if (c.identity === 'a' || c.generated === 's') return `${quoteKey(c.column)}?: never`
      return `${quoteKey(c.column)}?: ${columnType(c)}${c.not_null ? '' : ' | null'}`
    })
    const writable = !view || cols.some((c) => c.updatable)
    return `${quoteKey(name)}: {
      Row: { ${row.join('\n')} }
      ${writable ? `Insert: { ${insert.join('\n')} }\nUpdate: { ${update.join('\n')} }` : ''}
      Relationships: ${relationshipsOf(name)}
    }`
  }

  const tableEntries = [...tables].filter(
    ([, cols]) => cols[0]!.kind === 'r' || cols[0]!.kind === 'p',
  )
  const viewEntries = [...tables].filter(
    ([, cols]) => cols[0]!.kind === 'v' || cols[0]!.kind === 'm',
  )

  const byName = new Map<string, FunctionRow[]>()
  for (const f of functions) byName.set(f.name, [...(byName.get(f.name) ?? []), f])
  const functionBlock = (name: string, overloads: FunctionRow[]) => {
    const variants = overloads.map((f) => {
      const inputs = f.arg_types
        .map((type, i) => ({ type, name: f.arg_names?.[i] ?? '', mode: f.arg_modes?.[i] ?? 'i' }))
        .filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v')
      const firstOptional = inputs.length - f.defaults
      const args =
        inputs.length === 0
          ? 'never'
          : `{ ${inputs
              .map((a, i) => {
                const base = a.type.replace(/\[\]$/, '')
                const ts = /\[\]$/.test(a.type)
                  ? `${tsType(base, enums)}[]`
                  : tsType(pgName(base), enums)
                return `${quoteKey(a.name)}${i >= firstOptional ? '?' : ''}: ${ts}`
              })
              .join('\n')} }`
      let returns = f.return_relation
        ? `Database['public']['Tables']['${f.return_relation}']['Row']`
        : tsType(f.returns, enums)
      if (f.returns_set) returns = `${returns}[]`
      return `{ Args: ${args}\nReturns: ${returns} }`
    })
    return `${quoteKey(name)}: ${variants.join(' | ')}`
  }

  const empty = '{ [_ in never]: never }'
  const source = `/**
 * Generated by \`npm run db:types\` (supabase/local/gen-types.ts) from supabase/migrations. Do not edit:
 * change a migration and run the script again (a test fails while this file is out of date).
 */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  __InternalSupabase: {
    PostgrestVersion: '13'
  }
  public: {
    Tables: ${tableEntries.length ? `{ ${tableEntries.map(([n, c]) => tableBlock(n, c, false)).join('\n')} }` : empty}
    Views: ${viewEntries.length ? `{ ${viewEntries.map(([n, c]) => tableBlock(n, c, true)).join('\n')} }` : empty}
    Functions: ${byName.size ? `{ ${[...byName].map(([n, f]) => functionBlock(n, f)).join('\n')} }` : empty}
    Enums: ${enumRows.length ? `{ ${enumRows.map((e) => `${quoteKey(e.name)}: ${e.labels.map((l) => `'${l}'`).join(' | ')}`).join('\n')} }` : empty}
    CompositeTypes: ${empty}
  }
}

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>
type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema['Tables']
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Insert: infer I }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema['Tables']
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Update: infer U }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema['Enums']
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema['CompositeTypes']
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {${enumRows.map((e) => `${quoteKey(e.name)}: [${e.labels.map((l) => `'${l}'`).join(', ')}]`).join(',\n')}},
  },
} as const
`
  const config = (await resolveConfig(typesFile)) ?? {}
  return format(source, { ...config, parser: 'typescript' })
}

/** format_type() names ('integer', 'text', 'jsonb') → pg_type names used by the scalar table. */
function pgName(formatted: string): string {
  const names: Record<string, string> = {
    integer: 'int4',
    bigint: 'int8',
    smallint: 'int2',
    boolean: 'bool',
    real: 'float4',
    'double precision': 'float8',
  }
  return names[formatted] ?? formatted
}

async function main() {
  const check = process.argv.includes('--check')
  const db = await openDatabase({ seed: false })
  try {
    const source = await generateTypes(db)
    let current = ''
    try {
      current = readFileSync(typesFile, 'utf8')
    } catch {
      current = ''
    }
    if (check) {
      if (current !== source) {
        console.error(`${typesFile} is out of date: run npm run db:types`)
        process.exitCode = 1
      }
      return
    }
    if (current === source) {
      console.log(`${typesFile} is up to date`)
    } else {
      writeFileSync(typesFile, source)
      console.log(`wrote ${typesFile}`)
    }
  } finally {
    await db.close()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main()
}
