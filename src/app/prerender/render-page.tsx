/**
 * The build's prerendering (see build/prerender.ts): one page of the store rendered to HTML in Node, from
 * the same components and store the browser runs, over the catalogue the build read. The browser then
 * hydrates it from the same catalogue snapshot (see prerendered.ts), so the two renders match.
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { AppProvider } from '@/app/provider'
import { createAppRouter } from '@/app/router'
import { makeStore } from '@/app/store'
import { pagePaintedBeforeTheApp } from '@/components/after-first-paint'
import { catalogueFromBuild } from '@/features/catalogue/catalogue-slice'
import type { Catalogue } from '@/features/catalogue/types'

export { landingPaths } from './landing-paths'
export { headHtml, pageHead } from './page-head'
export { snapshotCatalogue } from './snapshot'

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string
  /** 404 for a path no page answers (an unknown brand or article too). */
  status: 200 | 404
  /** The title the app's route sets. */
  title: string
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = []
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array))
  return Buffer.concat(parts).toString('utf8')
}

export async function renderPage(url: string, catalogue: Catalogue): Promise<RenderedPage> {
  // The whole page goes into the HTML: there is no first paint of the app's to wait for.
  pagePaintedBeforeTheApp()
  const store = makeStore()
  store.dispatch(catalogueFromBuild(catalogue))
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }))
  await router.load()
  // Waits for every suspended part (an article's body) so the HTML holds the whole page.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider store={store}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
    // Every part inline, in order: no placeholder revealed later by a script (pages must read without one).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  const html = await streamText(prelude)
  const title =
    router.state.matches
      .flatMap((match) => match.meta ?? [])
      .reverse()
      .find((meta) => meta && 'title' in meta)?.title ?? ''
  const notFound = router.state.matches.some(
    (match) => match.status === 'notFound' || match._notFound,
  )
  return { html, status: notFound ? 404 : 200, title }
}
