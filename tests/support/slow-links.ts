import { vi } from 'vitest'

/** How long each link takes the clock in `slowLinks`: starting a request on a cheap phone, about. */
export const perLink = 4

/**
 * For a test of work done in slices (jsdom): the clock (`performance.now`) stands still except that each
 * element added to the head moves it on `perLink` ms. Undone by `vi.restoreAllMocks()`.
 */
export function slowLinks(): void {
  let now = 0
  vi.spyOn(performance, 'now').mockImplementation(() => now)
  const append = Node.prototype.appendChild
  vi.spyOn(HTMLHeadElement.prototype, 'appendChild').mockImplementation(function (
    this: HTMLHeadElement,
    node,
  ) {
    now += perLink
    return append.call(this, node) as never
  })
}

/** One turn of the event loop: a slice waiting on a timer queued before this one runs first. */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))
