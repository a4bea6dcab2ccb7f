import type { IncomingHttpHeaders } from 'node:http'

/**
 * What the cache reads of a request: its headers, and for a POST its body. A fetch Request is one; the
 * gateway passes a view over node's request for GET and HEAD (see `nodeRequestView`), which spares the
 * hottest read of the store building fetch objects it does not need.
 */
export interface RequestView {
  headers: Pick<Headers, 'get' | 'has' | 'forEach'>
  clone?(): { text(): Promise<string> }
}

/** Headers of node's request seen as fetch Headers (names are lowercase; repeats joined as fetch does). */
export function nodeRequestView(headers: IncomingHttpHeaders): RequestView {
  const value = (name: string) => {
    const v = headers[name.toLowerCase()]
    if (v === undefined) return null
    return Array.isArray(v) ? v.join(', ') : v
  }
  return {
    headers: {
      get: value,
      has: (name) => value(name) !== null,
      forEach: (callback) => {
        for (const name of Object.keys(headers)) {
          const v = value(name)
          if (v !== null) callback(v, name, undefined as unknown as Headers)
        }
      },
    },
  }
}
