import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startAuthWhenUseful } from '@/app/auth-bootstrap'
import { AppProvider } from '@/app/provider'
import { listenForInstall } from '@/app/pwa/install-prompt'
import { router } from '@/app/router'
import { attachPersistence, makeStore } from '@/app/store'

// The install offer can come soon after load: listen from the moment the app's code runs (the prompts
// that show it arrive later).
listenForInstall()

const store = makeStore()
startAuthWhenUseful(store)

// The saved cart, wishlist, currency and referral are read in the background: the first render waits
// neither for them nor for the saving code (redux-persist, the checks of saved data), which is fetched
// beside the page's own code and attached to the running store when it arrives.
void import('@/app/persist').then(({ createPersistence }) => {
  const persistence = createPersistence()
  attachPersistence(store, persistence)
  persistence.start(store)
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
)
