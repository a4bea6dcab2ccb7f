import { afterNextPaint } from './after-next-paint'

/**
 * The class `<html>` carries until the first frame drawn after the document's HTML has been read is on
 * screen. A stylesheet may leave below-the-fold parts of a page undrawn while it is there (the home page's
 * sections, a listing's cards after its first row, a product's purchase block and all below it on a phone),
 * so that frame, with the page's header and first screen, stays a short task on a cheap phone; the rest
 * is drawn in the next frame. Without script the class never comes.
 */
export const firstFrameClass = 'lk-first-frame'

/** The longest the class stays once the HTML has been read (no frame is drawn in a background tab). */
export const firstFrameAtMost = 1000

/** Called from the page's first script (splash-boot.ts), before the body's content is read. */
export function markFirstFrame(doc: Document = document): void {
  const view = doc.defaultView ?? window
  const root = doc.documentElement
  root.classList.add(firstFrameClass)
  const drawn = () => root.classList.remove(firstFrameClass)
  const whenRead = () => {
    afterNextPaint(drawn, view)
    view.setTimeout(drawn, firstFrameAtMost)
  }
  if (doc.readyState === 'loading')
    doc.addEventListener('DOMContentLoaded', whenRead, { once: true })
  else whenRead()
}
