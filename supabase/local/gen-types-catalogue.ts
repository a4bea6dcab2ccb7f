/**
 * What `npm run db:types` reads from PostgreSQL's catalogue: the public schema's columns, foreign keys,
 * functions, enums and single-column check constraints.
 */
import type { LocalDb } from './db'

export interface ColumnRow {
  table: string
  kind: string
  column: string
  type: string
  element_type: string | null
  type_kind: string
  element_kind: string | null
  not_null: boolean
  has_default: boolean
  identity: string
  generated: string
  updatable: boolean
}

export interface RelationshipRow {
  table: string
  name: string
  columns: string[]
  referenced: string
  referenced_columns: string[]
  one_to_one: boolean
}

export interface FunctionRow {
  name: string
  arg_names: string[] | null
  arg_types: string[]
  arg_modes: string[] | null
  defaults: number
  returns: string
  returns_set: boolean
  return_relation: string | null
}

export interface CheckRow {
  table: string
  column: string
  definition: string
}

export interface EnumRow {
  name: string
  labels: string[]
}

export interface PublicCatalogue {
  columns: ColumnRow[]
  relationships: RelationshipRow[]
  functions: FunctionRow[]
  enumRows: EnumRow[]
  checks: CheckRow[]
}

export async function readPublicCatalogue(db: LocalDb): Promise<PublicCatalogue> {
  const columns = (
    await db.pg.query<ColumnRow>(
      `select c.relname as table, c.relkind::text as kind, a.attname as column,
         t.typname as type, et.typname as element_type, t.typtype::text as type_kind,
         et.typtype::text as element_kind,
         a.attnotnull as not_null, a.atthasdef as has_default, a.attidentity::text as identity,
         a.attgenerated::text as generated,
         coalesce(pg_column_is_updatable(c.oid, a.attnum, false), false) as updatable
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
       order by c.relname, a.attname`,
    )
  ).rows

  const relationships = (
    await db.pg.query<RelationshipRow>(
      `select c.relname as table, con.conname as name,
         array(select a.attname from unnest(con.conkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
         rc.relname as referenced,
         array(select a.attname from unnest(con.confkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i)
           as referenced_columns,
         exists (
           select 1 from pg_constraint u
           where u.conrelid = con.conrelid and u.contype in ('p', 'u')
             and u.conkey::int2[] @> con.conkey::int2[] and u.conkey::int2[] <@ con.conkey::int2[]
         ) as one_to_one
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = con.confrelid
       join pg_namespace rn on rn.oid = rc.relnamespace
       where con.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
       order by c.relname, con.conname`,
    )
  ).rows

  const functions = (
    await db.pg.query<FunctionRow>(
      `select p.proname as name, p.proargnames as arg_names,
         array(select format_type(t, null) from unnest(p.proargtypes) t) as arg_types,
         p.proargmodes::text[] as arg_modes, p.pronargdefaults as defaults,
         rt.typname as returns, p.proretset as returns_set,
         case when rt.typtype = 'c' then rc.relname end as return_relation
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
       left join pg_class rc on rc.oid = rt.typrelid
       where n.nspname = 'public' and p.prokind = 'f' and rt.typname <> 'trigger'
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
       order by p.proname, p.oid`,
    )
  ).rows

  const enumRows = (
    await db.pg.query<EnumRow>(
      `select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as labels
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
       join pg_enum e on e.enumtypid = t.oid
       where n.nspname = 'public' group by t.typname order by t.typname`,
    )
  ).rows

  const checks = (
    await db.pg.query<CheckRow>(
      `select c.relname as table, a.attname as column, pg_get_constraintdef(con.oid) as definition
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = con.conkey[1]
       where con.contype = 'c' and n.nspname = 'public' and cardinality(con.conkey) = 1`,
    )
  ).rows
  return { columns, relationships, functions, enumRows, checks }
}
