import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Plugin } from 'vite'

/**
 * Which of the app's own modules (under src/) each built script holds, written beside Vite's manifest:
 * the manifest names a script's entry module only, and a grouped file holds the code of many. Tests read
 * it to say what a page's scripts carry (e2e/shop-pages-staff-code.spec.ts). The server never sends it
 * (it serves no dotted folder).
 */
export const CHUNK_SOURCES_FILE = '.vite/chunk-sources.json'

/** Script file (as under dist/) → the src/ modules in it, as paths from the project root. */
export type ChunkSources = Record<string, string[]>

export function chunkSourcesReport(root: string): Plugin {
  return {
    name: 'luxe-chunk-sources',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: ChunkSources = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        report[output.fileName] = output.moduleIds
          .map((id) => relative(root, id))
          .filter((path) => path.startsWith('src/'))
          .sort()
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_SOURCES_FILE,
        source: `${JSON.stringify(report, null, 1)}\n`,
      })
    },
  }
}

export function readChunkSources(outDir: string): ChunkSources {
  return JSON.parse(readFileSync(join(outDir, CHUNK_SOURCES_FILE), 'utf8')) as ChunkSources
}
