import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { chooseDatabase } from '../../../supabase/local/database-choice'

const root = mkdtempSync(join(tmpdir(), 'luxe-choice-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the database a start runs on', () => {
  it('is a new embedded one while its data directory is missing or empty', () => {
    expect(chooseDatabase({ DATA_DIR: 'missing' }, root)).toMatchObject({
      where: join(root, 'missing'),
      onPostgres: false,
      newEmbedded: true,
    })
    mkdirSync(join(root, 'empty'))
    expect(chooseDatabase({ DATA_DIR: 'empty' }, root).newEmbedded).toBe(true)
    mkdirSync(join(root, 'kept'))
    writeFileSync(join(root, 'kept', 'PG_VERSION'), '17')
    expect(chooseDatabase({ DATA_DIR: 'kept' }, root).newEmbedded).toBe(false)
  })

  it('is never a new embedded one on PostgreSQL', () => {
    const choice = chooseDatabase({ DATABASE_URL: 'postgres://owner:secret@127.0.0.1/shop' }, root)
    expect(choice).toMatchObject({ onPostgres: true, newEmbedded: false })
    expect(choice.where).not.toContain('secret')
  })
})
