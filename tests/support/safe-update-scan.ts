/**
 * Finds UPDATE and DELETE statements without a WHERE clause, which hosted Supabase refuses in every API
 * session (its safe-update rule, SQLSTATE 21000), inside functions and triggers too.
 *
 * It reads what the database will really run: each function's definition as the migrated database holds
 * it (`pg_get_functiondef`), so a later `create or replace` supersedes an earlier body exactly as it does
 * on a project. The SQL is parsed by PostgreSQL's own parser (libpg-query, compiled to WebAssembly), and
 * PL/pgSQL bodies by PostgreSQL's own PL/pgSQL parser, so a statement hidden in a nested block, a CTE, a
 * loop or a constant `execute '...'` is found, and a WHERE inside a string or comment fools nothing.
 */
import { loadModule, parsePlPgSQLSync, parseSync } from 'libpg-query'

export interface FunctionSource {
  /** `schema.name(args)`, for the message. */
  name: string
  language: string
  /** `pg_get_functiondef(oid)`: the whole CREATE FUNCTION statement. */
  definition: string
}

export interface UnsafeStatement {
  function: string
  kind: 'UPDATE' | 'DELETE'
  statement: string
}

export { loadModule as loadSqlParser }

type Node = unknown

/** Every UpdateStmt / DeleteStmt node without a whereClause anywhere in a parse tree. */
function unsafeNodes(tree: Node, found: ('UPDATE' | 'DELETE')[] = []): ('UPDATE' | 'DELETE')[] {
  if (Array.isArray(tree)) {
    for (const item of tree) unsafeNodes(item, found)
  } else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      if ((key === 'UpdateStmt' || key === 'DeleteStmt') && value && typeof value === 'object') {
        if (!('whereClause' in value)) found.push(key === 'UpdateStmt' ? 'UPDATE' : 'DELETE')
      }
      unsafeNodes(value, found)
    }
  }
  return found
}

/** Parses SQL text; a statement that does not parse is reported, never skipped. */
function scanSql(sql: string, fn: string, out: UnsafeStatement[]): Node {
  let tree: Node
  try {
    tree = parseSync(sql)
  } catch (error) {
    throw new Error(`${fn}: PostgreSQL's parser refused "${sql}": ${(error as Error).message}`)
  }
  for (const kind of unsafeNodes(tree)) out.push({ function: fn, kind, statement: sql.trim() })
  return tree
}

/** The string of `select '<constant>'`, or null when the expression is anything else. */
function constantString(tree: Node): string | null {
  const stmts = (tree as { stmts?: { stmt?: Record<string, unknown> }[] }).stmts ?? []
  const select = stmts[0]?.stmt?.SelectStmt as
    | { targetList?: { ResTarget?: { val?: { A_Const?: { sval?: { sval?: string } } } } }[] }
    | undefined
  if (stmts.length !== 1 || select?.targetList?.length !== 1) return null
  return select.targetList[0]?.ResTarget?.val?.A_Const?.sval?.sval ?? null
}

/** Walks a PL/pgSQL tree: every embedded SQL statement or expression is parsed as SQL. */
function scanPlpgsql(tree: Node, fn: string, out: UnsafeStatement[], dynamic = false) {
  if (Array.isArray(tree)) {
    for (const item of tree) scanPlpgsql(item, fn, out, dynamic)
    return
  }
  if (!tree || typeof tree !== 'object') return
  for (const [key, value] of Object.entries(tree)) {
    if (key === 'PLpgSQL_expr' && value && typeof value === 'object') {
      const { query, parseMode } = value as { query?: string; parseMode?: number }
      if (!query) continue
      // Modes: 0 a statement, 1 a type name, 2 an expression, 3-5 an assignment `target := expr`.
      if (parseMode === 1) continue
      const expr = (parseMode ?? 0) >= 3 ? query.replace(/^[^:=]*(:=|=)/, '') : query
      const parsed = scanSql(parseMode ? `select ${expr}` : query, fn, out)
      // `execute '<constant>'`: the constant is a statement too.
      const executed = dynamic ? constantString(parsed) : null
      if (executed !== null) scanSql(executed, fn, out)
    } else {
      scanPlpgsql(value, fn, out, key === 'PLpgSQL_stmt_dynexecute' || (dynamic && key === 'query'))
    }
  }
}

/** The unsafe statements in these functions' bodies (call `loadSqlParser()` once first). */
export function findUnsafeStatements(functions: FunctionSource[]): UnsafeStatement[] {
  const out: UnsafeStatement[] = []
  for (const fn of functions) {
    if (fn.language === 'plpgsql') {
      scanPlpgsql(parsePlPgSQLSync(fn.definition), fn.name, out)
    } else if (fn.language === 'sql') {
      // CREATE FUNCTION ... AS $$ body $$: the body is a string constant inside the statement.
      const tree = parseSync(fn.definition) as Node
      const body = functionBody(tree)
      if (body !== null) scanSql(body, fn.name, out)
      else
        for (const kind of unsafeNodes(tree)) out.push({ function: fn.name, kind, statement: '' })
    }
  }
  return out
}

/** The `AS '...'` string of a CREATE FUNCTION; null for a BEGIN ATOMIC body (already parsed). */
function functionBody(tree: Node): string | null {
  const create = (tree as { stmts: { stmt: { CreateFunctionStmt?: { options?: Node[] } } }[] })
    .stmts[0]?.stmt.CreateFunctionStmt
  for (const option of create?.options ?? []) {
    const def = (option as { DefElem?: { defname: string; arg?: { List?: { items?: Node[] } } } })
      .DefElem
    if (def?.defname !== 'as') continue
    const item = def.arg?.List?.items?.[0] as { String?: { sval?: string } } | undefined
    return item?.String?.sval ?? null
  }
  return null
}

/**
 * The functions API sessions can reach: every SQL and PL/pgSQL function outside the system schemas and
 * outside extensions (a trigger runs whoever changed the row; a security definer function runs for
 * whoever may call it).
 */
export const reachableFunctionsSql = `
  select format('%s.%s(%s)', n.nspname, p.proname, oidvectortypes(p.proargtypes)) as name, l.lanname as language,
         pg_get_functiondef(p.oid) as definition
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_language l on l.oid = p.prolang
  where n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_%'
    and p.prokind in ('f', 'p')
    and l.lanname in ('sql', 'plpgsql')
    and not exists (
      select 1 from pg_depend d
      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  order by 1`
