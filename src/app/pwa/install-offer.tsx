import { store } from '@/config/site'
import { dismissInstall, dismissIosHint, promptInstall } from './install-prompt'
import { PromptButton, PromptCard } from './prompt-card'
import { useInstallState } from './use-pwa-state'

/**
 * Our own "Install app" button, shown only when the browser offers installation; "Not now" hides it for
 * 30 days. On iPhone and iPad Safari, which offer no install event, a one-time hint says how.
 */
export function InstallOffer() {
  const { canInstall, showIosHint } = useInstallState()
  if (canInstall) {
    return (
      <PromptCard role="region" aria-label={`Install ${store.name}`}>
        <p className="prompt-card__title">Install {store.name}</p>
        <p className="prompt-card__note">Shop from your home screen, even without a connection.</p>
        <div className="prompt-card__actions">
          <PromptButton type="button" onClick={dismissInstall}>
            Not now
          </PromptButton>
          <PromptButton type="button" primary onClick={() => void promptInstall()}>
            Install app
          </PromptButton>
        </div>
      </PromptCard>
    )
  }
  if (showIosHint) {
    return (
      <PromptCard role="region" aria-label={`Install ${store.name}`}>
        <div className="prompt-card__row">
          <p className="prompt-card__grow">Install: tap Share, then Add to Home Screen</p>
          <PromptButton type="button" onClick={dismissIosHint}>
            Got it
          </PromptButton>
        </div>
      </PromptCard>
    )
  }
  return null
}
