// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { writeFileAtomic } from '../../../supabase/local/write-atomic'

const modulePath = fileURLToPath(
  new URL('../../../supabase/local/write-atomic.ts', import.meta.url),
)

/** A worker thread of this process that writes the same file `times` times, as fast as it can. */
function writer(file: string, times: number, fill: number) {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads')
    const { writeFileAtomic } = require('tsx/cjs/api').require(workerData.modulePath, workerData.modulePath)
    {
      const bytes = new Uint8Array(64 * 1024).fill(workerData.fill)
      let failed = null
      for (let i = 0; i < workerData.times && !failed; i++) {
        try { writeFileAtomic(workerData.file, bytes) } catch (error) { failed = String(error) }
      }
      parentPort.postMessage(failed)
    }`
  return new Promise<string | null>((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: { modulePath, file, times, fill },
    })
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

describe('writing a file whole or not at all', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('leaves the new bytes and no temporary file behind', () => {
    dir = mkdtempSync(join(tmpdir(), 'luxe-atomic-'))
    const file = join(dir, 'cache.tar')
    writeFileAtomic(file, 'first')
    writeFileAtomic(file, 'second')
    expect(readFileSync(file, 'utf8')).toBe('second')
    expect(readdirSync(dir)).toEqual(['cache.tar'])
  })

  it('lets worker threads of one process write the same file at once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'luxe-atomic-'))
    const file = join(dir, 'cache.tar')
    const failures = await Promise.all([writer(file, 300, 1), writer(file, 300, 2)])
    expect(failures).toEqual([null, null])
    const bytes = readFileSync(file)
    expect(bytes.length).toBe(64 * 1024)
    // One writer's bytes, never a mix.
    expect(new Set(bytes).size).toBe(1)
    expect(readdirSync(dir)).toEqual(['cache.tar'])
  })

  it('keeps no temporary file when the write fails', () => {
    dir = mkdtempSync(join(tmpdir(), 'luxe-atomic-'))
    expect(() => writeFileAtomic(join(dir, 'missing', 'cache.tar'), 'x')).toThrow(/ENOENT/)
    expect(readdirSync(dir)).toEqual([])
  })
})
