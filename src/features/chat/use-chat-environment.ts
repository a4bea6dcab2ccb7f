import { useRouter } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useAppDispatch, useAppStore } from '@/lib/app-state'
import { createChatEnvironment } from './chat-environment'
import type { ChatEnvironment } from './chat-session'

export function useChatEnvironment(): ChatEnvironment {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const router = useRouter()
  return useMemo(
    () =>
      createChatEnvironment({
        dispatch,
        getState: store.getState,
        navigate: (to) => void router.navigate({ to }),
      }),
    [dispatch, store, router],
  )
}
