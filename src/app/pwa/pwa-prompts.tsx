import { useEffect } from 'react'
import { useAppStore } from '@/lib/app-state'
import { CatalogueLive } from '@/features/catalogue/catalogue-live'
import { refreshCatalogue } from '@/features/catalogue/catalogue-slice'
import { listenForInstall } from './install-prompt'
import { InstallOffer } from './install-offer'
import { applyLaunchShortcut } from './launch-shortcuts'
import { OfflineIndicator } from './offline-indicator'
import { connectOutbox } from './outbox-connection'
import { onCatalogueUpdated, startServiceWorker } from './service-worker'
import { UpdatePrompt } from './update-prompt'
import './pwa-prompts.css'

// The install offer can come soon after load: listen from the moment the app's code runs.
listenForInstall()

/**
 * The offline shell's visible parts, rendered once by the app shell: the offline note, the update
 * prompt and the install offer, stacked at the bottom-left, clear of the chat button. It also starts the
 * service worker (after load) and the outbox, refreshes the catalogue when the worker has a newer one,
 * and opens the cart for the manifest's Cart shortcut.
 */
export function PwaPrompts() {
  const store = useAppStore()
  useEffect(() => {
    applyLaunchShortcut(store)
    startServiceWorker()
    // The worker saved a newer catalogue while this page showed the old one: show the new prices and
    // stock now (pages that never needed the catalogue leave it unloaded).
    const stopCatalogue = onCatalogueUpdated(() => {
      if (store.getState().catalogue.status !== 'idle') void store.dispatch(refreshCatalogue())
    })
    const stopOutbox = connectOutbox(store)
    return () => {
      stopCatalogue()
      stopOutbox()
    }
  }, [store])

  return (
    <div className="pwa-prompts">
      <OfflineIndicator />
      <UpdatePrompt />
      <InstallOffer />
      <CatalogueLive />
    </div>
  )
}
