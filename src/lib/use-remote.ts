import { useCallback, useEffect, useRef, useState } from 'react'

export type RemoteState<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; data?: T; message: string }

export interface Remote<T> {
  state: RemoteState<T>
  /** The answer for this key (kept while it reloads). */
  data: T | undefined
  /** The latest answer for any key: lists keep showing it while the next page loads. */
  previous: T | undefined
  loading: boolean
  error: string | null
  reload: () => void
  /** Applies the caller's own successful write (it wins over any answer still on its way). */
  set: (data: T) => void
}

export interface RemoteOptions {
  /** The words for a failure (by default the error's own message). */
  errorMessage?: (error: unknown) => string
}

const ownMessage = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Runs `load` whenever `key` changes (or on `reload()`), and keeps only the answer of the latest
 * request: a slow first page can never overwrite the second. Offline for sure, it fails at once rather
 * than after the client's retries (several seconds); after a failure it loads again as soon as the
 * connection comes back.
 */
export function useRemote<T>(
  key: string,
  load: () => Promise<T>,
  options: RemoteOptions = {},
): Remote<T> {
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading' })
  const [previous, setPrevious] = useState<T | undefined>(undefined)
  const [loadedKey, setLoadedKey] = useState(key)
  if (loadedKey !== key) {
    setLoadedKey(key)
    setState({ status: 'loading' })
  }
  const loadRef = useRef(load)
  const messageRef = useRef(options.errorMessage)
  useEffect(() => {
    loadRef.current = load
    messageRef.current = options.errorMessage
  })
  const run = useRef(0)

  /** Starts a request; only its answer (if still the latest) changes the state. */
  const fetchNow = useCallback(() => {
    const ticket = ++run.current
    const request = navigator.onLine
      ? loadRef.current()
      : Promise.reject(new Error('You are offline.'))
    request.then(
      (data) => {
        if (ticket !== run.current) return
        setState({ status: 'ready', data })
        setPrevious(data)
      },
      (error: unknown) => {
        if (ticket !== run.current) return
        const message = (messageRef.current ?? ownMessage)(error)
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
    run.current++
    setState({ status: 'ready', data })
    setPrevious(data)
  }, [])

  return {
    state,
    data: state.data,
    previous: state.data ?? previous,
    loading: state.status === 'loading',
    error: state.status === 'error' ? state.message : null,
    reload,
    set,
  }
}
