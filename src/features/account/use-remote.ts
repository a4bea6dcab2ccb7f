import { useCallback, useEffect, useRef, useState } from 'react'

export type Remote<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; data?: T; message: string }

/**
 * Loads account data and keeps it fresh enough: loads again when `key` changes and, after a failure,
 * as soon as the connection comes back. `set` lets a section apply its own successful writes.
 */
export function useRemote<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<Remote<T>>({ status: 'loading' })
  const [loadedKey, setLoadedKey] = useState(key)
  if (loadedKey !== key) {
    setLoadedKey(key)
    setState({ status: 'loading' })
  }
  const loadRef = useRef(load)
  useEffect(() => {
    loadRef.current = load
  })
  const run = useRef(0)

  /** Starts a request; only its answer (if still the latest) changes the state. */
  const fetchNow = useCallback(() => {
    const ticket = ++run.current
    // Offline for sure: say so at once rather than after the client's retries (several seconds).
    const request = navigator.onLine
      ? loadRef.current()
      : Promise.reject(new Error('You are offline.'))
    request.then(
      (data) => {
        if (ticket === run.current) setState({ status: 'ready', data })
      },
      (error: unknown) => {
        if (ticket !== run.current) return
        const message = error instanceof Error ? error.message : String(error)
        setState((s) => ({ status: 'error', data: s.data, message }))
      },
    )
  }, [])

  const reload = useCallback(() => {
    setState((s) => ({ status: 'loading', data: s.data }))
    fetchNow()
  }, [fetchNow])

  useEffect(() => {
    fetchNow()
  }, [key, fetchNow])

  const failed = state.status === 'error'
  useEffect(() => {
    if (!failed) return
    addEventListener('online', reload)
    return () => removeEventListener('online', reload)
  }, [failed, reload])

  const set = useCallback((data: T) => {
    // A local write wins over any answer still on its way.
    run.current++
    setState({ status: 'ready', data })
  }, [])
  return { state, reload, set }
}
