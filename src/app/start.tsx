/**
 * The app's start (src/main.tsx runs it once the libraries' code has run): the store, the router, the
 * prebuilt page hydrated or the app shell rendered.
 */
import { RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode } from 'react'
import { startAuthWhenUseful } from '@/app/auth-bootstrap'
import { loadPrebuilt, rendersAsBuilt } from '@/app/prerender/prerendered'
import { AppProvider } from '@/app/provider'
import { listenForInstall } from '@/app/pwa/install-prompt'
import { createAppRouter, keepScrollUntilNavigation } from '@/app/router'
import { attachPersistence, makeStore, type RootState } from '@/app/store'
import { pagePaintedBeforeTheApp } from '@/components/after-first-paint'
import { expectBuildCatalogue } from '@/features/catalogue/api/build-catalogue'
import { catalogueFromBuild, ensureCatalogue } from '@/features/catalogue/catalogue-slice'
import { nextTask } from '@/lib/next-task'
import { dropPartsForOtherScreens } from '@/lib/use-media-query'

// Start-up is cut into tasks the browser can paint and answer taps between (each under 50 ms on a cheap
// phone): the app's modules have just been evaluated; then the store, the router, the look for a saved
// session (the first read of the device's storage), React's DOM renderer, then the page.
await nextTask()
// The install offer can come soon after load: listen from the first moment the app can (the prompts
// that show it arrive later).
listenForInstall()
const store = makeStore()
await nextTask()
const router = createAppRouter()
await nextTask()
startAuthWhenUseful(store)

// The saved cart, wishlist, currency and referral are read in the background: the first render waits
// neither for them nor for the saving code (redux-persist, the checks of saved data), which is fetched
// beside the page's own code and attached to the running store when it arrives.
// Three tasks: the saving reducers made, the store's reducer replaced with them, the saved data asked for.
void import('@/app/persist').then(async ({ createPersistence }) => {
  const persistence = createPersistence()
  await nextTask()
  attachPersistence(store, persistence)
  await nextTask()
  persistence.start(store)
})

/** `serverState`: hydration reads the state a prebuilt page was rendered in (see below). */
const app = (serverState?: RootState) => (
  <StrictMode>
    <AppProvider store={store} serverState={serverState}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
)
const root = document.getElementById('root')!

// React's DOM renderer is set up (its module's code run) in a task of its own: with the app's modules,
// the task that runs them took 55-70 ms at 4x CPU. The app loader fetches it with the entry.
const { createRoot, hydrateRoot } = await import('react-dom/client')

// A prebuilt page is already on screen: it is hydrated once its route's code and the catalogue it was
// rendered from are in. The app shell, or a page opened with a query that changes it (a filtered
// listing), renders from scratch.
await nextTask()
const loadingPrebuilt = root.firstChild ? loadPrebuilt() : null
// Route heads name what the page shows: a product's or brand's name from the build's catalogue.
if (loadingPrebuilt) expectBuildCatalogue(loadingPrebuilt.then((loaded) => loaded?.catalogue))
const [prebuilt] = await Promise.all([loadingPrebuilt, root.firstChild ? router.load() : undefined])
if (prebuilt && rendersAsBuilt(router)) {
  // The page goes on showing the build's catalogue until the live one (or the device's) replaces it.
  if (store.getState().catalogue.status === 'idle') {
    store.dispatch(catalogueFromBuild(prebuilt.catalogue))
    // The store copies and freezes the catalogue: React's start is in the next task.
    await nextTask()
  }
  // Rendered as the server rendered it: the router leaves out the outer boundary it adds in the browser.
  router.ssr = { manifest: undefined }
  // The page was built for a wide screen: a phone takes out the desktop's menus and filters (hidden by
  // CSS) rather than hydrating them only to delete them.
  dropPartsForOtherScreens(root)
  keepScrollUntilNavigation(router)
  pagePaintedBeforeTheApp()
  // Hydration reads the state the page was built in, whatever reaches the store meanwhile (the live
  // catalogue, the saved cart, wishlist and currency): a mismatch would make React throw the page away
  // and draw it again, and a tap landing then would be lost. What changed shows right after.
  // As a transition, so React takes the page over in short tasks, yielding to the browser between
  // them, instead of one long task (a tap meanwhile is handled at once: see below).
  startTransition(() => {
    hydrateRoot(root, app(prebuilt.state))
  })
  // The taps held until now are played. A button tapped before now is tapped again: React takes that
  // part of the page over at once to handle it (a discrete event on content not yet hydrated). A radio
  // button or checkbox the browser ticked at the tap is put back as it was and pressed first, as by a
  // finger: React takes it over on the press and then sees the click tick it (taken over by the click
  // alone, it would find the box already ticked, and nothing to act on).
  for (const tapped of window.luxeEarlyTaps?.takeOver() ?? []) {
    if (tapped instanceof HTMLInputElement) {
      tapped.checked = tapped.type === 'checkbox' ? !tapped.checked : false
      tapped.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }))
    }
    tapped.click()
  }
  void store.dispatch(ensureCatalogue({ refresh: true }))
} else {
  // Nothing to play: the page drawn before is replaced.
  window.luxeEarlyTaps?.takeOver()
  root.replaceChildren()
  createRoot(root).render(app())
}
