import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { startAuthWhenUseful } from '@/app/auth-bootstrap'
import { loadPrerenderedCatalogue } from '@/app/prerender/prerendered'
import { AppProvider } from '@/app/provider'
import { listenForInstall } from '@/app/pwa/install-prompt'
import { createAppRouter } from '@/app/router'
import { attachPersistence, makeStore } from '@/app/store'
import { ensureCatalogue } from '@/features/catalogue/catalogue-slice'

// The install offer can come soon after load: listen from the moment the app's code runs (the prompts
// that show it arrive later).
listenForInstall()

const store = makeStore()
const router = createAppRouter()
startAuthWhenUseful(store)

// The saved cart, wishlist, currency and referral are read in the background: the first render waits
// neither for them nor for the saving code (redux-persist, the checks of saved data), which is fetched
// beside the page's own code and attached to the running store when it arrives.
void import('@/app/persist').then(({ createPersistence }) => {
  const persistence = createPersistence()
  attachPersistence(store, persistence)
  persistence.start(store)
})

const app = (
  <StrictMode>
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
)
const root = document.getElementById('root')!

// A prebuilt page is already on screen: it is hydrated once its route's code and the catalogue it was
// rendered from are in, so the first render in the browser matches it. The app shell renders at once.
const [prerendered] = await Promise.all([
  root.firstChild ? loadPrerenderedCatalogue(store) : false,
  root.firstChild ? router.load() : undefined,
])
if (prerendered) {
  // Rendered as the server rendered it: the router leaves out the outer boundary it adds in the browser.
  router.ssr = { manifest: undefined }
  hydrateRoot(root, app)
  // The page shows the build's catalogue: the live one replaces it, prices and stock in place.
  void store.dispatch(ensureCatalogue({ refresh: true }))
} else {
  root.replaceChildren()
  createRoot(root).render(app)
}
