import { useRouter } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useAppDispatch, useAppStore } from '@/app/hooks'
import { notify } from '@/components/toaster'
import { selectCartCount } from '@/features/cart/cart-slice'
import { askAssistant } from './api/ask-assistant'
import { createActionPerformer } from './assistant-actions'
import type { ChatEnvironment } from './chat-session'
import { offlineQueue } from './chat-state'

/** Wires the chat to the app: the assistant call, the cart, toasts, the router and the offline queue. */
export function useChatEnvironment(): ChatEnvironment {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const router = useRouter()
  return useMemo(() => {
    const env: ChatEnvironment = {
      ask: askAssistant,
      notify,
      online: () => navigator.onLine,
      perform: createActionPerformer({
        dispatch,
        cartCount: () => selectCartCount(store.getState()),
        navigate: (to) => void router.navigate({ to }),
        notify,
      }),
      queue: (message) => offlineQueue.add(message.id, env),
    }
    return env
  }, [dispatch, store, router])
}
