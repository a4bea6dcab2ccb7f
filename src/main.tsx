import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startAuthWhenUseful } from '@/app/auth-bootstrap'
import { createPersistence } from '@/app/persist'
import { AppProvider } from '@/app/provider'
import { router } from '@/app/router'
import { makeStore } from '@/app/store'

// The saved cart, wishlist, currency and referral are read in the background: the first paint never waits.
const persistence = createPersistence()
const store = makeStore(undefined, { persistence })
persistence.start(store)
startAuthWhenUseful(store)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
)
