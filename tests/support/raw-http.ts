import { request } from 'node:http'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/**
 * One HTTP exchange through node:http rather than fetch: fetch negotiates and decodes compression by
 * itself, and would hide what went over the wire.
 */
export function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}
