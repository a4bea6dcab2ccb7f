import { useCallback, useEffect, useEffectEvent, useState } from 'react'
import { getSupabase, type AppSupabaseClient } from '@/lib/supabase'
import { errorMessage } from './api/admin-api-error'

export interface AdminQuery<T> {
  /** The answer for this key (kept while it reloads). */
  data: T | undefined
  /** The latest answer for any key: lists keep showing it while the next page loads. */
  previous: T | undefined
  loading: boolean
  error: string | null
  reload: () => void
}

interface Answer<T> {
  key: string
  nonce: number
  data?: T
  error?: string
}

/**
 * Runs `load` with the Supabase client whenever `key` changes (or on `reload()`), and ignores answers
 * that arrive after a newer request started: a slow first page can never overwrite the second.
 */
export function useAdminQuery<T>(
  key: string,
  load: (client: AppSupabaseClient) => Promise<T>,
): AdminQuery<T> {
  const [nonce, setNonce] = useState(0)
  const [answer, setAnswer] = useState<Answer<T> | null>(null)
  const run = useEffectEvent((client: AppSupabaseClient) => load(client))

  useEffect(() => {
    let live = true
    getSupabase()
      .then((client) => run(client))
      .then(
        (data) => {
          if (live) setAnswer({ key, nonce, data })
        },
        (error: unknown) => {
          if (live)
            setAnswer((previous) => ({
              key,
              nonce,
              data: previous?.data,
              error: errorMessage(error),
            }))
        },
      )
    return () => {
      live = false
    }
  }, [key, nonce])

  const reload = useCallback(() => setNonce((n) => n + 1), [])
  const current = answer !== null && answer.key === key && answer.nonce === nonce
  return {
    data: answer?.key === key ? answer.data : undefined,
    previous: answer?.data,
    loading: !current,
    error: current ? (answer.error ?? null) : null,
    reload,
  }
}
