import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react'

interface BoundaryProps {
  children: ReactNode
}

/** A part that fails while rendering shows nothing; the page around it carries on. */
class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? null : this.props.children
  }
}

/**
 * A part of the page that the page can do without (the footer, the chat button, the offline prompts,
 * the cart drawer), loaded in its own chunk. If its code cannot be fetched (the connection dropped while
 * the app started, before the service worker kept a copy) the page goes on without it, and it is fetched
 * again when the browser is back online, instead of the whole page giving way to the error page.
 * `load` should be a module-level function (a new one starts a new load).
 */
export function OptionalPart({ load }: { load: () => Promise<ComponentType> }) {
  const [part, setPart] = useState<{ Part: ComponentType } | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (failed) return
    let current = true
    load().then(
      (Part) => {
        if (current) setPart({ Part })
      },
      () => {
        if (current) setFailed(true)
      },
    )
    return () => {
      current = false
    }
  }, [load, failed])

  useEffect(() => {
    if (!failed) return
    const retry = () => setFailed(false)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [failed])

  if (!part) return null
  return (
    <PartBoundary>
      <part.Part />
    </PartBoundary>
  )
}
