import { Flex } from '@chakra-ui/react/flex'
import { Text } from '@chakra-ui/react/text'
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
        <Text fontWeight="semibold">Install {store.name}</Text>
        <Text color="whiteAlpha.800" mt="1">
          Shop from your home screen, even without a connection.
        </Text>
        <Flex gap="2" mt="2" justify="flex-end">
          <PromptButton type="button" onClick={dismissInstall}>
            Not now
          </PromptButton>
          <PromptButton type="button" primary onClick={() => void promptInstall()}>
            Install app
          </PromptButton>
        </Flex>
      </PromptCard>
    )
  }
  if (showIosHint) {
    return (
      <PromptCard role="region" aria-label={`Install ${store.name}`}>
        <Flex gap="3" align="center">
          <Text flex="1">Install: tap Share, then Add to Home Screen</Text>
          <PromptButton type="button" onClick={dismissIosHint}>
            Got it
          </PromptButton>
        </Flex>
      </PromptCard>
    )
  }
  return null
}
