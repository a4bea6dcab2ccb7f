import { useState } from 'react'
import { PromptButton, PromptCard } from './prompt-card'
import { applyUpdate } from './service-worker'
import { useServiceWorkerState } from './use-pwa-state'

/**
 * "A new version is available": the shopper decides when the page reloads (a form half filled in is
 * never lost to an update). "Later" hides it for this visit; the new version starts on the next one.
 */
export function UpdatePrompt() {
  const { updateReady } = useServiceWorkerState()
  const [later, setLater] = useState(false)
  const [reloading, setReloading] = useState(false)
  if (!updateReady || later) return null
  return (
    <PromptCard role="status" aria-live="polite">
      <p className="prompt-card__title">A new version is available</p>
      <div className="prompt-card__actions">
        <PromptButton type="button" onClick={() => setLater(true)}>
          Later
        </PromptButton>
        <PromptButton
          type="button"
          primary
          disabled={reloading}
          onClick={() => {
            setReloading(true)
            applyUpdate()
          }}
        >
          Reload
        </PromptButton>
      </div>
    </PromptCard>
  )
}
