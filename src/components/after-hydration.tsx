import { useSyncExternalStore, type ReactNode } from 'react'

const subscribe = () => () => {}

/**
 * Renders its children only once the app runs the page: in the build's HTML, and while the app takes a
 * prebuilt page over, there is an empty block of the given class in their place. For a form: typed into
 * before the app has taken the page over, it would lose what was typed (or post it nowhere) on
 * submitting. A page the app renders itself shows the children at once.
 */
export function AfterHydration({
  children,
  placeholderClass,
}: {
  children: ReactNode
  /** Gives the empty block the children's height, so nothing moves when they come. */
  placeholderClass: string
}) {
  const running = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  return running ? children : <div aria-hidden="true" className={placeholderClass} />
}
