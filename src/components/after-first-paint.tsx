import { startTransition, useEffect, useState, type ReactNode } from 'react'
import { afterNextPaint } from '@/lib/after-next-paint'

/** Once the app's first page has been painted, later pages render everything at once. */
let firstPaintDone = false

/**
 * The page on screen was painted before the app ran (a page the build rendered, or the build rendering
 * it): its sections below the fold are rendered with the rest, so the HTML holds them and hydration
 * finds them there.
 */
export function pagePaintedBeforeTheApp() {
  firstPaintDone = true
}

export interface AfterFirstPaintProps {
  children: ReactNode
  /**
   * Height kept free until the children arrive (any CSS length): what follows (the footer) stays where
   * it will be, below the fold, so nothing visible moves when they do.
   */
  reserve: string
}

/**
 * Renders its children only after the first page has been painted, as a low-priority update that React
 * splits into short tasks: what is above the fold paints first, what is below it follows without a long
 * task in between. Only the app's first page is split like this, when the app draws it itself; pages
 * reached later render at once (so a return to a page can restore its scroll position).
 */
export function AfterFirstPaint({ children, reserve }: AfterFirstPaintProps) {
  const [ready, setReady] = useState(firstPaintDone)

  useEffect(() => {
    if (ready) return
    // Once the frame after this commit has been drawn.
    return afterNextPaint(() => {
      firstPaintDone = true
      startTransition(() => setReady(true))
    })
  }, [ready])

  return ready ? children : <div aria-hidden="true" style={{ minHeight: reserve }} />
}
