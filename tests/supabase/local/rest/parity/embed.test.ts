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
