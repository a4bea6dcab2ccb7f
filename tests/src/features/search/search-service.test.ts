// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSearchEngine } from '@/features/search/engine/search-engine'
import type { SearchWorkerRequest } from '@/features/search/worker/protocol'
import { createSearchService } from '@/features/search/worker/search-service'
import { catalogue } from '../catalogue/catalogue-fixture'

/**
 * The real worker script, run in this thread: messages cross a structured clone and a task boundary as
 * they would between threads (jsdom has no Worker).
 */
async function startWorkerScript() {
  const toWorker: Array<(event: { data: SearchWorkerRequest }) => void> = []
  const fromWorker = new EventTarget()
  const requests: SearchWorkerRequest['type'][] = []
  vi.stubGlobal('self', {
    addEventListener: (_type: string, listener: (event: { data: SearchWorkerRequest }) => void) =>
      toWorker.push(listener),
    postMessage: (message: unknown) =>
      setTimeout(() =>
        fromWorker.dispatchEvent(new MessageEvent('message', { data: structuredClone(message) })),
      ),
  })
  vi.resetModules()
  await import('@/features/search/worker/search.worker')
  vi.unstubAllGlobals()
  const worker = Object.assign(fromWorker, {
    postMessage(message: SearchWorkerRequest) {
      requests.push(message.type)
      const data = structuredClone(message)
      setTimeout(() => toWorker.forEach((listener) => listener({ data })))
    },
    terminate() {},
  }) as unknown as Worker
  return { worker, requests }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('search service', () => {
  const reference = createSearchEngine()
  reference.addProducts(catalogue.products)
  reference.setBrands(catalogue.brands)

  it('searches pages before any catalogue arrives', async () => {
    const service = createSearchService()
    const results = await service.search('size guide')
    expect(results.map((result) => result.name)).toEqual(['Size Guide'])
  })

  it('indexes small catalogues on the main thread, in steps', async () => {
    const service = createSearchService({ createWorker: () => expect.fail('no worker needed') })
    service.setCatalogue(catalogue)
    expect(service.mode).toBe('main-thread')
    expect(await service.search('leather')).toEqual(reference.search('leather'))
  })

  it('moves large catalogues to the worker and answers the same', async () => {
    const { worker, requests } = await startWorkerScript()
    const service = createSearchService({ workerThreshold: 10, createWorker: () => worker })
    service.setCatalogue(catalogue)
    expect(service.mode).toBe('worker')
    for (const query of ['leather', 'snekers', 'viatu', 'rolex']) {
      expect(await service.search(query)).toEqual(reference.search(query))
    }
    expect(requests.slice(0, 3)).toEqual(['reset', 'brands', 'products'])
  })

  it('ignores the same catalogue version twice', async () => {
    const { worker, requests } = await startWorkerScript()
    const service = createSearchService({ workerThreshold: 10, createWorker: () => worker })
    service.setCatalogue(catalogue)
    await service.search('gown')
    const sent = requests.length
    service.setCatalogue({ ...catalogue })
    await service.search('gown')
    expect(requests.length).toBe(sent + 1)
  })

  it('falls back to the main thread when the worker cannot start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const service = createSearchService({
      workerThreshold: 10,
      createWorker: () => {
        throw new Error('blocked')
      },
    })
    service.setCatalogue(catalogue)
    expect(await service.search('gown')).toEqual(reference.search('gown'))
    expect(service.mode).toBe('main-thread')
    expect(warn).toHaveBeenCalled()
  })

  it('searches on the main thread when the worker script cannot be fetched', async () => {
    // A worker whose script fails to load: it never answers, and reports an error event a moment later.
    const worker = Object.assign(new EventTarget(), {
      postMessage: vi.fn(),
      terminate: vi.fn(),
    }) as unknown as Worker
    const service = createSearchService({ workerThreshold: 10, createWorker: () => worker })
    service.setCatalogue(catalogue)
    expect(service.mode).toBe('worker')
    const asked = service.search('gown')
    setTimeout(() => worker.dispatchEvent(new Event('error')))
    expect(await asked).toEqual(reference.search('gown'))
    expect(await service.search('leather')).toEqual(reference.search('leather'))
    expect(service.mode).toBe('main-thread')
    expect(worker.terminate).toHaveBeenCalled()
    // A newer catalogue does not try the worker a second time.
    service.setCatalogue({ ...catalogue, version: `${catalogue.version}-next` })
    expect(service.mode).toBe('main-thread')
  })
})
