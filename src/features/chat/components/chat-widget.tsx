import { useCallback, useEffect, useRef, useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { useAppDispatch, useAppSelector, useAppStore } from '@/lib/app-state'
import { SparkleIcon } from '@/components/icons'
import { OptionalPart } from '@/components/optional-part'
import { inChakraScope } from '@/components/ui/chakra-part'
import { selectAuthUser } from '@/features/auth/auth-slice'
import { subscribeOutboxEvents } from '@/features/outbox/outbox'
import { whenIdleInTurn } from '@/lib/when-idle'
import { useStepAside } from '../use-step-aside'
import './chat-widget.css'

const openLabel = 'Open AI Shopping Assistant'

const loadPanel = () => import('./chat-panel')
// The panel brings Chakra's runtime with it; the button is plain.
const loadChatPanel = inChakraScope(() => loadPanel().then((module) => module.ChatPanel))

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
 * The floating 'Open AI Shopping Assistant' button. It is all the first page carries: the
 * panel, the conversation, the sanitiser and Chakra's runtime are fetched on the first click (the panel's
 * own code earlier, when the browser is idle).
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)
  const close = useCallback(() => setOpen(false), [])
  useClearOnSignOut()
  useQueuedAnswers()
  const aside = useStepAside(button, !open)

  useEffect(() => whenIdleInTurn(() => loadPanel().catch(() => {}), 8000), [])

  useEffect(() => {
    // Closing the panel gives focus back to the button that opened it.
    if (!open && wasOpen.current) button.current?.focus()
    wasOpen.current = open
  }, [open])

  return (
    <>
      {open ? null : (
        <button
          ref={button}
          type="button"
          aria-label={openLabel}
          title={openLabel}
          onClick={() => setOpen(true)}
          data-aside={aside ? 'true' : undefined}
          className="chat-launcher"
        >
          <SparkleIcon size={26} />
          <span aria-hidden="true" className="chat-launcher__badge">
            AI
          </span>
        </button>
      )}
      {open ? <OptionalPart load={loadChatPanel} props={{ onClose: close }} /> : null}
    </>
  )
}
