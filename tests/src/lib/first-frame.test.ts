import { afterEach, describe, expect, it, vi } from 'vitest'
import { firstFrameAtMost, firstFrameClass, markFirstFrame } from '@/lib/first-frame'

/** A document still being read, as when the page's first script runs. */
function loadingDocument() {
  const doc = document.implementation.createHTMLDocument('page')
  let state: DocumentReadyState = 'loading'
  Object.defineProperty(doc, 'readyState', { get: () => state })
  const frames: FrameRequestCallback[] = []
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback))
  Object.defineProperty(doc, 'defaultView', { value: window })
  const read = () => {
    state = 'interactive'
    doc.dispatchEvent(new Event('DOMContentLoaded'))
  }
  const drawFrame = () => frames.splice(0).forEach((callback) => callback(performance.now()))
  return {
    doc,
    read,
    drawFrame,
    marked: () => doc.documentElement.classList.contains(firstFrameClass),
  }
}

describe("the page's first frame", () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('is marked from the first script until the task after the first frame drawn once the HTML is read', () => {
    vi.useFakeTimers()
    const page = loadingDocument()
    markFirstFrame(page.doc)
    expect(page.marked()).toBe(true)
    // A frame drawn while the HTML is still coming (the splash alone) does not end it.
    page.drawFrame()
    vi.advanceTimersByTime(0)
    expect(page.marked()).toBe(true)
    page.read()
    vi.advanceTimersByTime(0)
    expect(page.marked()).toBe(true)
    page.drawFrame()
    // The frame's own callbacks run before it is drawn: the mark is still on for that frame.
    expect(page.marked()).toBe(true)
    vi.advanceTimersByTime(0)
    expect(page.marked()).toBe(false)
  })

  it('ends within its limit when no frame is drawn (a page opened in a background tab)', () => {
    vi.useFakeTimers()
    const page = loadingDocument()
    markFirstFrame(page.doc)
    page.read()
    vi.advanceTimersByTime(firstFrameAtMost - 1)
    expect(page.marked()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(page.marked()).toBe(false)
  })
})
