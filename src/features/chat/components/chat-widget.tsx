import { chakra } from '@chakra-ui/react/styled-system'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { useAppDispatch, useAppSelector, useAppStore } from '@/lib/app-state'
import { SparkleIcon } from '@/components/icons'
import { OptionalPart } from '@/components/optional-part'
import { selectAuthUser } from '@/features/auth/auth-slice'
import { subscribeOutboxEvents } from '@/features/outbox/outbox'
import { whenIdle } from '@/lib/when-idle'
import { useStepAside } from '../use-step-aside'

const openLabel = 'Open AI Shopping Assistant'

const loadPanel = () => import('./chat-panel')
const loadChatPanel = () => loadPanel().then((module) => module.ChatPanel)

/** The conversation belongs to whoever is signed in: another shopper (or none) starts afresh. */
function useClearOnSignOut() {
  const userId = useAppSelector(selectAuthUser)?.id ?? null
  const previous = useRef(userId)
  useEffect(() => {
    const before = previous.current
    previous.current = userId
    if (before !== null && before !== userId) {
      void import('../chat-state').then((module) => module.clearConversation())
    }
  }, [userId])
}

/** Answers to questions written offline arrive through the outbox, panel open or not. */
function useQueuedAnswers() {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const router = useRouter()
  useEffect(
    () =>
      subscribeOutboxEvents((event) => {
        if (event.item.kind !== 'chat') return
        void Promise.all([import('../chat-outbox'), import('../chat-environment')]).then(
          ([{ handleChatOutboxEvent }, { createChatEnvironment }]) => {
            const env = createChatEnvironment({
              dispatch,
              getState: store.getState,
              navigate: (to) => void router.navigate({ to }),
            })
            handleChatOutboxEvent(event, env)
          },
        )
      }),
    [dispatch, store, router],
  )
}

/**
 * The floating 'Open AI Shopping Assistant' button (spec §2). It is all the first page carries: the
 * panel, the conversation and the sanitiser are fetched when the browser is idle, or on the first click.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)
  const close = useCallback(() => setOpen(false), [])
  useClearOnSignOut()
  useQueuedAnswers()
  const aside = useStepAside(button, !open)

  useEffect(() => whenIdle(() => void loadPanel().catch(() => {}), 8000), [])

  useEffect(() => {
    // Closing the panel gives focus back to the button that opened it.
    if (!open && wasOpen.current) button.current?.focus()
    wasOpen.current = open
  }, [open])

  return (
    <>
      {open ? null : (
        <chakra.button
          ref={button}
          type="button"
          aria-label={openLabel}
          title={openLabel}
          onClick={() => setOpen(true)}
          data-aside={aside ? 'true' : undefined}
          position="fixed"
          // Above a bar fixed to the bottom (the product page's quick add); aside (all but a sliver at
          // the screen's edge) while a form field lies under it or a phone's keyboard is up.
          insetEnd={aside ? '-2.625rem' : { base: '4', md: '6' }}
          bottom={{
            base: 'calc(1rem + var(--bottom-bar-height, 0px))',
            md: 'calc(1.5rem + var(--bottom-bar-height, 0px))',
          }}
          _focusVisible={aside ? { insetEnd: '4' } : undefined}
          zIndex="overlay"
          boxSize="14"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          borderRadius="full"
          bg="brand.ink"
          color="white"
          boxShadow="lg"
          cursor="pointer"
          transition="transform 0.15s, inset-inline-end 0.2s, bottom 0.2s"
          _hover={{ transform: 'scale(1.05)' }}
        >
          <SparkleIcon size={26} />
          <chakra.span
            aria-hidden="true"
            position="absolute"
            top="-1"
            insetEnd="-1"
            px="1.5"
            minW="6"
            h="5"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            borderRadius="full"
            bg="brand.goldLight"
            color="brand.ink"
            fontSize="2xs"
            fontWeight="bold"
            letterSpacing="0.04em"
          >
            AI
          </chakra.span>
        </chakra.button>
      )}
      {open ? <OptionalPart load={loadChatPanel} props={{ onClose: close }} /> : null}
    </>
  )
}
