import { createSearchEngine } from '../engine/search-engine'
import type { SearchWorkerRequest, SearchWorkerResponse } from './protocol'

/** Large catalogues are indexed and searched here, off the main thread. */
let engine = createSearchEngine()

const scope = self as unknown as {
  addEventListener(
    type: 'message',
    listener: (event: MessageEvent<SearchWorkerRequest>) => void,
  ): void
  postMessage(message: SearchWorkerResponse): void
}

scope.addEventListener('message', (event) => {
  const request = event.data
  switch (request.type) {
    case 'reset':
      engine = createSearchEngine()
      break
    case 'products':
      engine.addProducts(request.products)
      break
    case 'brands':
      engine.setBrands(request.brands)
      break
    case 'search':
      try {
        scope.postMessage({
          type: 'results',
          id: request.id,
          results: engine.search(request.query),
        })
      } catch (error) {
        scope.postMessage({ type: 'error', id: request.id, message: String(error) })
      }
      break
  }
})
