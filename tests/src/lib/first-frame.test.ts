import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  firstFrameAtMost,
  firstFrameClass,
  laterClass,
  markFirstFrame,
  shownClass,
} from '@/lib/first-frame'

/** The shell's stylesheet, where the rule that leaves the later parts undrawn lives. */
const shellCss = readFileSync('src/app/layout/app-shell.css', 'utf8')

/**
 * A document still being read, as when the page's first script runs, with the shell's styles and the
 * given number of later parts in its body (and a first screen before them).
 */
function loadingDocument(laterParts = 0) {
  // The test's own document (its window computes its styles), as if still being read.
  const doc = document
  let state: DocumentReadyState = 'loading'
  Object.defineProperty(doc, 'readyState', { get: () => state, configurable: true })
  const frames: FrameRequestCallback[] = []
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback))
  const style = doc.createElement('style')
  style.textContent = shellCss
  doc.head.replaceChildren(style)
  doc.body.innerHTML = `<section>The first screen</section>`
  const parts = Array.from({ length: laterParts }, (_, index) => {
    const part = doc.createElement('section')
    part.className = laterClass
    part.textContent = `Part ${index + 1}`
    doc.body.append(part)
    return part
  })
  const read = () => {
    state = 'interactive'
    doc.dispatchEvent(new Event('DOMContentLoaded'))
  }
  /** A frame drawn: its callbacks run, then the task after it. */
  const drawFrame = () => {
    frames.splice(0).forEach((callback) => callback(performance.now()))
    vi.advanceTimersByTime(0)
  }
  return {
    doc,
    parts,
    read,
    drawFrame,
    marked: () => doc.documentElement.classList.contains(firstFrameClass),
    /** Which parts are drawn: each part's `content-visibility`. */
    drawn: () => parts.map((part) => window.getComputedStyle(part).contentVisibility !== 'hidden'),
  }
}

describe("the page's first frames", () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    delete (document as { readyState?: DocumentReadyState }).readyState
    document.documentElement.classList.remove(firstFrameClass)
    document.head.replaceChildren()
    document.body.replaceChildren()
  })

  it('are marked from the first script until the task after the first frame drawn once the HTML is read', () => {
    vi.useFakeTimers()
    const page = loadingDocument()
    markFirstFrame(page.doc)
    expect(page.marked()).toBe(true)
    // A frame drawn while the HTML is still coming (the splash alone) does not end it.
    page.drawFrame()
    expect(page.marked()).toBe(true)
    page.read()
    vi.advanceTimersByTime(0)
    expect(page.marked()).toBe(true)
    page.drawFrame()
    expect(page.marked()).toBe(false)
  })

  it("draw the page's later parts one per frame, in order, then drop the page's mark", () => {
    vi.useFakeTimers()
    const page = loadingDocument(3)
    markFirstFrame(page.doc)
    page.read()
    // The first frame: the first screen only.
    expect(page.drawn()).toEqual([false, false, false])
    page.drawFrame()
    expect(page.drawn()).toEqual([true, false, false])
    page.drawFrame()
    expect(page.drawn()).toEqual([true, true, false])
    page.drawFrame()
    expect(page.drawn()).toEqual([true, true, true])
    expect(page.marked()).toBe(true)
    page.drawFrame()
    expect(page.marked()).toBe(false)
    expect(page.drawn()).toEqual([true, true, true])
    // Each keeps its own mark, so that it stays drawn.
    expect(page.parts.every((part) => part.classList.contains(shownClass))).toBe(true)
  })

  it('waste no frame on a part some screens draw at once, nor on one gone from the page', () => {
    vi.useFakeTimers()
    const page = loadingDocument(4)
    const atOnce = page.doc.createElement('style')
    atOnce.textContent = `.lk-first-frame .lk-later.at-once { content-visibility: visible; }`
    page.doc.head.append(atOnce)
    page.parts[0]!.classList.add('at-once')
    markFirstFrame(page.doc)
    page.read()
    page.parts[1]!.remove()
    // The second part has gone: the ones left on the page.
    const left = () => page.drawn().filter((_, index) => index !== 1)
    expect(left()).toEqual([true, false, false])
    page.drawFrame()
    expect(left()).toEqual([true, true, false])
    page.drawFrame()
    expect(left()).toEqual([true, true, true])
    page.drawFrame()
    expect(page.marked()).toBe(false)
  })

  it('draw all the rest at once from the first part beyond the screen and a half drawn ahead', () => {
    vi.useFakeTimers()
    const page = loadingDocument(3)
    vi.spyOn(page.parts[1]!, 'getBoundingClientRect').mockReturnValue(
      new DOMRect(0, window.innerHeight * 1.5 + 1, 300, 600),
    )
    markFirstFrame(page.doc)
    page.read()
    page.drawFrame()
    expect(page.drawn()).toEqual([true, false, false])
    page.drawFrame()
    expect(page.marked()).toBe(false)
    expect(page.drawn()).toEqual([true, true, true])
  })

  it('end within their limit when no frame is drawn (a page opened in a background tab)', () => {
    vi.useFakeTimers()
    const page = loadingDocument(3)
    markFirstFrame(page.doc)
    page.read()
    page.drawFrame()
    expect(page.drawn()).toEqual([true, false, false])
    // No further frame: the page stops waiting for one.
    vi.advanceTimersByTime(firstFrameAtMost - 1)
    expect(page.marked()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(page.marked()).toBe(false)
    expect(page.drawn()).toEqual([true, true, true])
  })
})
