/**
 * Embedding: finds the relationship between a relation and an embedded resource name (table/view name,
 * foreign key name, or foreign key column), optionally narrowed by a `!hint`, like PostgREST does.
 */
import { ApiError } from './errors'
import { fuzzyGet, fuzzyOne } from './fuzzy'
import {
  relKey,
  type ComputedRelationship,
  type ForeignKey,
  type Relation,
  type SchemaCache,
} from './schema-cache'

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'

export interface Relationship {
  cardinality: Cardinality
  target: Relation
  /** The key linking parent and target (for many-to-many: junction → parent). */
  fk: ForeignKey
  /** True when the parent holds the key (many-to-one, or one-to-one from the referencing side). */
  parentHoldsKey: boolean
  junction?: { rel: Relation; toParent: ForeignKey; toTarget: ForeignKey }
  /** A function of the parent's row giving the target's rows, in place of a key. */
  computed?: ComputedRelationship
}

export const isToOne = (r: Relationship) =>
  r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one'

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x))

function isUniqueOn(rel: Relation, cols: string[]) {
  return rel.uniques.some((u) => sameSet(u, cols))
}

function allCandidates(cache: SchemaCache, parent: Relation, target: Relation): Relationship[] {
  const out: Relationship[] = []
  for (const fk of cache.foreignKeys) {
    if (fk.from === parent.key && fk.to === target.key) {
      out.push({
        cardinality: isUniqueOn(parent, fk.fromColumns) ? 'one-to-one' : 'many-to-one',
        target,
        fk,
        parentHoldsKey: true,
      })
    }
    if (fk.from === target.key && fk.to === parent.key) {
      out.push({
        cardinality: isUniqueOn(target, fk.fromColumns) ? 'one-to-one' : 'one-to-many',
        target,
        fk,
        parentHoldsKey: false,
      })
    }
  }
  // Many-to-many through a junction whose keys to both sides are part of its primary key or a unique key.
  for (const junction of cache.relations.values()) {
    if (junction.key === parent.key || junction.key === target.key) continue
    const toParent = junction.foreignKeys.filter((fk) => fk.to === parent.key)
    const toTarget = junction.foreignKeys.filter((fk) => fk.to === target.key)
    for (const a of toParent) {
      for (const b of toTarget) {
        if (a === b) continue
        const cols = [...a.fromColumns, ...b.fromColumns]
        const covered = junction.uniques.some((u) => cols.every((c) => u.includes(c)))
        if (!covered) continue
        out.push({
          cardinality: 'many-to-many',
          target,
          fk: a,
          parentHoldsKey: false,
          junction: { rel: junction, toParent: a, toTarget: b },
        })
      }
    }
  }
  return out
}

function matchesHint(r: Relationship, hint: string): boolean {
  if (r.fk.name === hint) return true
  if (r.junction) {
    return (
      r.junction.rel.name === hint ||
      r.junction.toTarget.name === hint ||
      r.junction.toParent.fromColumns.includes(hint)
    )
  }
  return r.fk.fromColumns.includes(hint) || r.fk.toColumns.includes(hint)
}

/** A relationship as PostgREST lists it in an ambiguity error's details. */
function describe(r: Relationship, parent: Relation): Record<string, string> {
  const cols = (c: string[]) => `(${c.join(', ')})`
  let relationship: string
  if (r.junction) {
    const { rel, toParent, toTarget } = r.junction
    relationship = `${rel.name} using ${toParent.name}${cols(toParent.fromColumns)} and ${toTarget.name}${cols(toTarget.fromColumns)}`
  } else {
    const [own, theirs] = r.parentHoldsKey
      ? [r.fk.fromColumns, r.fk.toColumns]
      : [r.fk.toColumns, r.fk.fromColumns]
    relationship = `${r.fk.name} using ${parent.name}${cols(own)} and ${r.target.name}${cols(theirs)}`
  }
  return {
    embedding: `${parent.name} with ${r.target.name}`,
    cardinality: r.cardinality,
    relationship,
  }
}

export function findRelationship(
  cache: SchemaCache,
  parent: Relation,
  name: string,
  hint: string | undefined,
): Relationship {
  const computed = parent.computedRels.get(name)
  const computedTarget = computed && cache.relations.get(computed.target)
  if (computed && computedTarget) {
    return {
      cardinality: computed.toOne ? 'many-to-one' : 'one-to-many',
      target: computedTarget,
      fk: { name, from: parent.key, fromColumns: [], to: computedTarget.key, toColumns: [] },
      parentHoldsKey: false,
      computed,
    }
  }
  let candidates: Relationship[] = []
  const target = cache.relations.get(relKey(parent.schema, name))
  if (target) {
    candidates = allCandidates(cache, parent, target)
    if (target.key === parent.key) {
      // One self-referencing key is two relationships; the table's name means the children
      // (`family_tree(*)`, or `family_tree!parent(*)` naming the key column), as in PostgREST.
      candidates = candidates.filter(
        (c) =>
          c.junction ||
          (!c.parentHoldsKey && (hint === undefined || sameSet(c.fk.fromColumns, [hint]))),
      )
      hint = undefined
    }
  } else {
    // The name may be a foreign key column of the parent, or a foreign key constraint name.
    for (const fk of cache.foreignKeys) {
      const other = cache.relations.get(fk.from === parent.key ? fk.to : fk.from)
      // A key column or constraint name embeds the table it references, never a view over it.
      if (!other || other.kind === 'view') continue
      if (fk.from === parent.key && (fk.name === name || sameSet(fk.fromColumns, [name]))) {
        candidates.push({
          cardinality: isUniqueOn(parent, fk.fromColumns) ? 'one-to-one' : 'many-to-one',
          target: cache.relations.get(fk.to)!,
          fk,
          parentHoldsKey: true,
        })
      } else if (fk.to === parent.key && fk.name === name) {
        candidates.push({
          cardinality: isUniqueOn(other, fk.fromColumns) ? 'one-to-one' : 'one-to-many',
          target: other,
          fk,
          parentHoldsKey: false,
        })
      }
    }
  }
  if (hint !== undefined) candidates = candidates.filter((c) => matchesHint(c, hint))
  if (candidates.length === 0) {
    const using = hint !== undefined ? ` using the hint '${hint}'` : ''
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${using} in the schema '${parent.schema}', but no matches were found.`,
      noRelationshipHint(cache, parent, name),
    )
  }
  if (candidates.length > 1) {
    const options = candidates.map(
      (c) => `'${c.target.name}!${c.junction ? c.junction.rel.name : c.fk.name}'`,
    )
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      candidates.map((c) => describe(c, parent)),
      `Try changing '${name}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
    )
  }
  return candidates[0]!
}

/** The names of the relations each relation of a schema has a relationship with. */
function relatedNames(cache: SchemaCache, schema: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  const add = (from: string, to: string) => {
    const a = cache.relations.get(from)
    const b = cache.relations.get(to)
    if (!a || !b || a.schema !== schema) return
    const set = out.get(a.name) ?? new Set<string>()
    set.add(b.name)
    out.set(a.name, set)
  }
  for (const fk of cache.foreignKeys) {
    add(fk.from, fk.to)
    add(fk.to, fk.from)
  }
  for (const junction of cache.relations.values()) {
    for (const a of junction.foreignKeys) {
      for (const b of junction.foreignKeys) if (a !== b) add(a.to, b.to)
    }
  }
  for (const rel of cache.relations.values()) {
    for (const c of rel.computedRels.values()) add(rel.key, c.target)
  }
  return out
}

/**
 * PostgREST's hint for a missing relationship: the nearest name the parent does relate to, or, for a
 * parent with no relationships at all, the nearest relation that has some.
 */
function noRelationshipHint(cache: SchemaCache, parent: Relation, child: string): string | null {
  const related = relatedNames(cache, parent.schema)
  const children = related.get(parent.name)
  if (children) {
    const near = fuzzyGet([...children], child).find(([score]) => score < 1)
    return near ? `Perhaps you meant '${near[1]}' instead of '${child}'.` : null
  }
  const near = fuzzyOne([...related.keys()], parent.name)
  return near ? `Perhaps you meant '${near}' instead of '${parent.name}'.` : null
}
