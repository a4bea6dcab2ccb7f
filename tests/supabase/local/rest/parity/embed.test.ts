import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installParitySchema } from '../../../../support/parity-schema'
import { startRestEnv, type RestEnv } from '../../../../support/rest-server'
import { freshDb } from '../../../../support/test-db'

/**
 * Embedding a self-referencing table as PostgREST 13 does (EmbedDisambiguationSpec.hs, "tables with
 * self reference foreign keys"): parents through the key column's name, children through a hint.
 */
let env: RestEnv

beforeAll(async () => {
  env = await startRestEnv(await freshDb({ migrations: false }), installParitySchema)
})

afterAll(async () => {
  await env?.close()
})

describe('a self-referencing table', () => {
  it('embeds parents recursively', async () => {
    const { data, error, status } = await env.anon
      .from('family_tree')
      .select('id,parent(id,name,parent(*))')
      .in('id', ['3', '4'])
      .order('id')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([
      { id: '3', parent: { id: '1', name: 'Parental Unit', parent: null } },
      {
        id: '4',
        parent: {
          id: '2',
          name: 'Kid One',
          parent: { id: '1', name: 'Parental Unit', parent: null },
        },
      },
    ])
  })

  it('embeds children recursively', async () => {
    const { data, error } = await env.anon
      .from('family_tree')
      .select('id,name, children:family_tree!parent(id,name,children:family_tree!parent(id,name))')
      .eq('id', '1')
    expect(error).toBeNull()
    expect(data).toEqual([
      {
        id: '1',
        name: 'Parental Unit',
        children: [
          { id: '2', name: 'Kid One', children: [{ id: '4', name: 'Grandkid One' }] },
          { id: '3', name: 'Kid Two', children: [{ id: '5', name: 'Grandkid Two' }] },
        ],
      },
    ])
  })

  it('embeds the parent and then its children', async () => {
    const { data, error } = await env.anon
      .from('family_tree')
      .select('id,name,parent(id,name,children:family_tree!parent(id,name))')
      .eq('id', '2')
    expect(error).toBeNull()
    expect(data).toEqual([
      {
        id: '2',
        name: 'Kid One',
        parent: {
          id: '1',
          name: 'Parental Unit',
          children: [
            { id: '2', name: 'Kid One' },
            { id: '3', name: 'Kid Two' },
          ],
        },
      },
    ])
  })

  it("embeds the children under the table's own name", async () => {
    const { data, error, status } = await env.anon
      .from('categories')
      .select('id,name,categories(id,name)')
      .eq('id', 4)
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([
      {
        id: 4,
        name: 'Shoes',
        categories: [
          { id: 5, name: 'Sandals' },
          { id: 6, name: 'Bags, "small" (leather)' },
          { id: 7, name: 'back\\slash' },
        ],
      },
    ])
  })
})

describe('embedding through a key column', () => {
  it('embeds the referenced table even with a view over it', async () => {
    // categories_view sits over categories: the column still names one relationship.
    const { data, error, status } = await env.anon
      .from('categories')
      .select('id,parent_id(id,name)')
      .in('id', [1, 2])
      .order('id')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([
      { id: 1, parent_id: null },
      { id: 2, parent_id: { id: 1, name: 'Clothing' } },
    ])
  })
})

describe('errors as PostgREST gives them', () => {
  it('lets Postgres name a missing column, under PostgREST’s alias for an embedded table', async () => {
    const top = await env.anon.from('categories').select('id,missing_col')
    expect(top.status).toBe(400)
    expect(top.error).toEqual({
      code: '42703',
      message: 'column categories.missing_col does not exist',
      details: null,
      hint: null,
    })
    const nested = await env.anon.from('categories').select('id,categories(missing_col)')
    expect(nested.status).toBe(400)
    expect(nested.error?.message).toBe('column categories_1.missing_col does not exist')
  })

  it('passes a JSON key as an unknown literal, so Postgres words the error as for PostgREST', async () => {
    const res = await env.raw('/categories?select=name->>k')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      code: '42883',
      message: 'operator does not exist: text ->> unknown',
      details: null,
      hint: 'No operator matches the given name and argument types. You might need to add explicit type casts.',
    })
  })

  it('refuses any filter but is.null on an embedded resource (PGRST120)', async () => {
    const res = await env.raw('/categories?select=id,categories(id)&categories=eq.1')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'PGRST120',
      message: "Bad operator on the 'categories' embedded resource",
      details: 'Only is null or not is null filters are allowed on embedded resources',
      hint: null,
    })
  })

  it('lists ambiguous relationships as PostgREST does (PGRST201)', async () => {
    const { error, status } = await env.anon.from('agents').select('*,departments(*)')
    expect(status).toBe(300)
    expect(error).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'one-to-many',
          relationship: 'departments_head_id_fkey using agents(id) and departments(head_id)',
          embedding: 'agents with departments',
        },
        {
          cardinality: 'many-to-one',
          relationship: 'agents_department_id_fkey using agents(department_id) and departments(id)',
          embedding: 'agents with departments',
        },
      ],
      hint: "Try changing 'departments' to one of the following: 'departments!departments_head_id_fkey', 'departments!agents_department_id_fkey'. Find the desired relationship in the 'details' key.",
      message:
        "Could not embed because more than one relationship was found for 'agents' and 'departments'",
    })
  })

  it('suggests the nearest related table or table name (PGRST200, PGRST205)', async () => {
    const rel = await env.anon.from('agents').select('*,departmens(*)')
    expect(rel.status).toBe(400)
    expect(rel.error).toEqual({
      code: 'PGRST200',
      message:
        "Could not find a relationship between 'agents' and 'departmens' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'agents' and 'departmens' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'departments' instead of 'departmens'.",
    })
    const table = await env.anon.from('categorie').select()
    expect(table.status).toBe(404)
    expect(table.error?.hint).toBe("Perhaps you meant the table 'public.categories'")
  })

  it('ignores a limit or offset that is not a number, and a negative offset (RangeSpec.hs)', async () => {
    const res = await env.raw('/items?select=id&order=id&limit=x&offset=-4')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-range')).toBe('0-19/*')
    expect(await res.json()).toHaveLength(20)
  })
})

describe('computed relationships (ComputedRelsSpec.hs)', () => {
  const designers = [
    { name: 'Civilization I', designer: { name: 'Sid Meier' } },
    { name: 'Civilization II', designer: { name: 'Sid Meier' } },
    { name: 'Final Fantasy I', designer: { name: 'Hironobu Sakaguchi' } },
    { name: 'Final Fantasy II', designer: { name: 'Hironobu Sakaguchi' } },
  ]

  it('embeds a SETOF ... ROWS 1 function and a function of one row as to-one', async () => {
    for (const fn of ['computed_designers', 'computed_designers_noset']) {
      const { data, error, status } = await env.anon
        .from('videogames')
        .select(`name,designer:${fn}(name)`)
        .order('id')
      expect(error).toBeNull()
      expect(status).toBe(200)
      expect(data).toEqual(designers)
    }
  })

  it('embeds a SETOF function as to-many, with !inner and count=exact', async () => {
    const all = await env.anon
      .from('designers')
      .select('name,videogames:computed_videogames(name)')
      .order('id')
    expect(all.data).toEqual([
      { name: 'Sid Meier', videogames: [{ name: 'Civilization I' }, { name: 'Civilization II' }] },
      {
        name: 'Hironobu Sakaguchi',
        videogames: [{ name: 'Final Fantasy I' }, { name: 'Final Fantasy II' }],
      },
    ])
    const inner = await env.anon
      .from('designers')
      .select('name,videogames:computed_videogames!inner(name)', { count: 'exact' })
      .eq('videogames.name', 'Civilization I')
    expect(inner).toMatchObject({
      status: 200,
      count: 1,
      data: [{ name: 'Sid Meier', videogames: [{ name: 'Civilization I' }] }],
    })
  })

  it('embeds from the rows of a function and of a write', async () => {
    const rpc = await env.anon
      .rpc('getallvideogames')
      .select('name,designer:computed_designers(name)')
    expect(rpc.error).toBeNull()
    expect(rpc.data).toEqual(designers)
    const inserted = await env.service
      .from('videogames')
      .insert({ id: 5, name: 'Chrono Trigger', designer_id: 2 })
      .select('name,designer:computed_designers(name)')
    expect(inserted).toMatchObject({
      status: 201,
      data: [{ name: 'Chrono Trigger', designer: { name: 'Hironobu Sakaguchi' } }],
    })
    await env.service.from('videogames').delete().eq('id', 5)
  })
})

describe('spread of a to-many relationship (SpreadQueriesSpec.hs)', () => {
  it('gives each column as an array of the related rows’ values, [] when there are none', async () => {
    const { data, error, status } = await env.anon
      .from('categories')
      .select('name,...categories(children:name,ids:id)')
      .in('id', [1, 2])
      .order('id')
      .order('id', { referencedTable: 'categories' })
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([
      { name: 'Clothing', children: ['Dresses', 'Shirts'], ids: [2, 3] },
      { name: 'Dresses', children: [], ids: [] },
    ])
  })

  it('spreads every column with *, and through a computed relationship', async () => {
    const { data, error } = await env.anon
      .from('designers')
      .select('designer:name,...computed_videogames(*)')
      .eq('id', 2)
    expect(error).toBeNull()
    expect(data).toEqual([
      {
        designer: 'Hironobu Sakaguchi',
        id: [3, 4],
        name: ['Final Fantasy I', 'Final Fantasy II'],
        designer_id: [2, 2],
      },
    ])
  })
})
