import { Stack } from '@chakra-ui/react/stack'
import { useEffect } from 'react'
import { useAppStore } from '@/app/hooks'
import { listenForInstall } from './install-prompt'
import { InstallOffer } from './install-offer'
import { applyLaunchShortcut } from './launch-shortcuts'
import { OfflineIndicator } from './offline-indicator'
import { connectOutbox } from './outbox-connection'
import { startServiceWorker } from './service-worker'
import { UpdatePrompt } from './update-prompt'

// The install offer can come soon after load: listen from the moment the app's code runs.
listenForInstall()

/**
 * The offline shell's visible parts, rendered once by the app shell: the offline note, the update
 * prompt and the install offer, stacked at the bottom-left, clear of the chat button. It also starts the
 * service worker (after load) and the outbox, and opens the cart for the manifest's Cart shortcut.
 */
export function PwaPrompts() {
  const store = useAppStore()
  useEffect(() => {
    applyLaunchShortcut(store)
    startServiceWorker()
    return connectOutbox(store)
  }, [store])

  return (
    <Stack
      position="fixed"
      insetStart={{ base: '3', md: '4' }}
      bottom={{ base: '3', md: '4' }}
      maxW={{ base: 'calc(100vw - 6rem)', md: 'sm' }}
      gap="2"
      zIndex="banner"
      pointerEvents="none"
    >
      <OfflineIndicator />
      <UpdatePrompt />
      <InstallOffer />
    </Stack>
  )
}
