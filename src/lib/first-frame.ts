import { afterNextPaint } from './after-next-paint'

/**
 * The class `<html>` carries while a prebuilt page's first frames are drawn. The page's later parts (the
 * home page's sections below the hero, a listing's cards, on a phone a product's purchase block and all
 * below it) carry `laterClass` and are left undrawn while the mark is there (app-shell.css), so that the
 * first frame drawn once the HTML has been read holds the page's header and the rest of its first screen
 * only. The parts then come one per frame, in the page's order, each marked `shownClass` as it comes
 * (and drawn from then on, near the view or not: app-shell.css says why): drawn together they made one
 * long task on a cheap phone (styles, layout, paint and the requests of their lazy pictures, which start
 * as they are laid out). Once a part lies beyond the screen and a half the browser draws ahead of the
 * view, all the rest come at once (they are not drawn until scrolled near). Without script the mark
 * never comes and every part is drawn at once.
 */
export const firstFrameClass = 'lk-first-frame'

/**
 * A part of a prebuilt page left undrawn in its first frame (see above). Each part carries it itself, a
 * list's every item included: app-shell.css says why a list's class cannot stand for its items.
 */
export const laterClass = 'lk-later'

/** A later part that came while the page's first frames were drawn one part at a time. */
export const shownClass = 'lk-shown'

/**
 * The longest the page waits for a frame before the parts still undrawn come at once (no frame is drawn
 * in a background tab).
 */
export const firstFrameAtMost = 1000

/** How far below the view the browser draws ahead (`content-visibility: auto`), in screens. */
const drawnAhead = 1.5

/** Called from the page's first script (splash-boot.ts), before the body's content is read. */
export function markFirstFrame(doc: Document = document): void {
  const view = doc.defaultView ?? window
  const root = doc.documentElement
  root.classList.add(firstFrameClass)
  const whenRead = () => revealInTurn(doc, view)
  if (doc.readyState === 'loading')
    doc.addEventListener('DOMContentLoaded', whenRead, { once: true })
  else whenRead()
}

/** After the next frame, the page's later parts one per frame; then the mark goes. */
function revealInTurn(doc: Document, view: Window) {
  const root = doc.documentElement
  const parts = [...doc.getElementsByClassName(laterClass)]
  let next = 0
  let cancelFrame = () => {}
  let timer: number | undefined
  const waitForFrame = () => {
    cancelFrame = afterNextPaint(step, view)
    view.clearTimeout(timer)
    timer = view.setTimeout(finish, firstFrameAtMost)
  }
  const finish = () => {
    cancelFrame()
    view.clearTimeout(timer)
    root.classList.remove(firstFrameClass)
  }
  const step = () => {
    while (next < parts.length) {
      const part = parts[next++]!
      // Not undrawn where it is (a part some screens draw in the first frame, or no longer on the page).
      if (!part.isConnected || view.getComputedStyle(part).contentVisibility !== 'hidden') continue
      if (part.getBoundingClientRect().top > view.innerHeight * drawnAhead) break
      part.classList.add(shownClass)
      waitForFrame()
      return
    }
    finish()
  }
  waitForFrame()
}
