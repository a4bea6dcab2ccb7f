import {
  Component,
  startTransition,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react'
import { whenIdleInTurn } from '@/lib/when-idle'

/** A part that fails while rendering shows nothing; the page around it carries on. */
class PartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? null : this.props.children
  }
}

export interface OptionalPartProps<P extends object> {
  /** Fetches the part's code; a module-level function (a new one starts a new load). */
  load: () => Promise<ComponentType<P>>
  /** What the part is given. */
  props: P
  /**
   * When to start fetching it, for a part the page shows from the start (the footer, the chat button, the
   * offline prompts): a module-level function whose promise settles then. Left out: at once. Given, the
   * fetch (and the preloads of its files) is kept out of the task that takes the page over.
   */
  after?: () => Promise<void>
}

/**
 * A part of the page loaded in its own chunk, that the page can do without while its code is missing:
 * the footer, the chat button and panel, the offline prompts, the search dialog, drawers. If its code
 * cannot be fetched (the connection dropped before the service worker kept a copy) the page goes on
 * without it and it is fetched again when the browser is back online, instead of the whole page giving
 * way to the error page.
 */
export function OptionalPart<P extends object>({ load, props, after }: OptionalPartProps<P>) {
  const [part, setPart] = useState<{ Part: ComponentType<P> } | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (failed) return
    let current = true
    // The connection may come back while the failing fetch is still on its way: then no later `online`
    // would come to try again, and the fetch is tried again at once.
    let backOnline = false
    const onOnline = () => {
      backOnline = true
    }
    window.addEventListener('online', onOnline)
    const start = after ? after() : Promise.resolve()
    void start
      .then(() => (current ? load() : null))
      .then(
        (Part) => {
          // As a transition: React draws the part in short slices, yielding to the browser between
          // them. Drawn as a plain update, a large part was one task: the footer, at the app's start,
          // 45-70 ms at 4x CPU.
          if (current && Part) startTransition(() => setPart({ Part }))
        },
        () => {
          if (!current) return
          if (backOnline) setAttempt((tries) => tries + 1)
          else setFailed(true)
        },
      )
    return () => {
      current = false
      window.removeEventListener('online', onOnline)
    }
  }, [load, failed, after, attempt])

  useEffect(() => {
    if (!failed) return
    const retry = () => setFailed(false)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [failed])

  if (!part) return null
  return (
    <PartBoundary>
      <part.Part {...props} />
    </PartBoundary>
  )
}

/**
 * For a part that is shown only on demand (a dialog, a drawer, a panel): whether it has been asked for
 * yet. Until it is, its code is fetched when the browser is idle (a failed fetch is left for the
 * opening to try again), so the first opening rarely waits and the first page pays nothing for it.
 */
export function useWantedOnce(open: boolean, prefetch: () => Promise<unknown>, idleMs = 8000) {
  const [wanted, setWanted] = useState(open)
  if (open && !wanted) setWanted(true)

  useEffect(() => {
    if (wanted) return
    return whenIdleInTurn(() => prefetch().catch(() => {}), idleMs)
  }, [wanted, prefetch, idleMs])

  return wanted
}
