import { createServer } from 'node:http'

/**
 * A blank HTML document (one line of text), served from this process on a free port: what the browser
 * itself spends on any page, measured beside ours by the lighthouse and long-tasks parts.
 */
export async function serveBlankDocument(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
          '<meta name="viewport" content="width=device-width"><title>Blank</title></head>' +
          '<body><p>A blank document.</p></body></html>',
      )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
