/**
 * A prebuilt page shows its buttons before the app's code has run. A tap on one then (a menu, the search
 * button, an FAQ question, Subscribe) would do nothing, or for a form's button reload the page with the
 * form in its address; a tap on a radio button or checkbox (a listing's filter, a product's size) would
 * tick it without the app knowing, so the page would show a choice it does not act on. So until the app
 * takes the page over, taps inside the page are held (the last button; every choice, which stays ticked
 * as the browser shows it; a link still goes where it points), and the app plays them once it has taken
 * over.
 * Part of the classic script inlined into index.html (see splash-boot.ts): it listens from the first
 * byte of the page.
 */
import { afterNextPaint } from './after-next-paint'

export interface EarlyTaps {
  /**
   * Stops holding taps; returns those to play, in order: each choice still ticked (the last in each group
   * of radio buttons), then the button last tapped.
   */
  takeOver(): HTMLElement[]
}

declare global {
  interface Window {
    luxeEarlyTaps?: EarlyTaps
  }
}

/** What a held tap can be on: the page's buttons, radio buttons and checkboxes. */
const heldControls = ['button', 'input[type="radio"]', 'input[type="checkbox"]']
  .map((control) => `#root ${control}`)
  .join(', ')

export function holdEarlyTaps(win: Window = window): EarlyTaps {
  let button: HTMLElement | undefined
  /** By group (a radio button's name) or by checkbox, in the order last tapped. */
  const choices = new Map<string | HTMLInputElement, HTMLInputElement>()
  let holding = true
  const onClick = (event: MouseEvent) => {
    if (!holding || !(event.target instanceof Element)) return
    const control = event.target.closest<HTMLElement>(heldControls)
    if (!control || control.hasAttribute('disabled')) return
    if (control instanceof HTMLInputElement) {
      // A choice shows the tap at once (the browser ticks it); the app acts on it when played. A
      // checkbox tapped twice is back as it was: nothing to play.
      const key = control.type === 'radio' && control.name ? control.name : control
      const untapped = control.type === 'checkbox' && choices.has(key)
      choices.delete(key)
      if (!untapped) choices.set(key, control)
      return
    }
    event.preventDefault()
    event.stopPropagation()
    button = control
  }
  win.document.addEventListener('click', onClick, true)
  // One guard per window; a new hold (a test's fresh page) starts it again.
  const guard = guards.get(win) ?? { takenAt: undefined }
  guard.takenAt = undefined
  if (!guards.has(win)) {
    guards.set(win, guard)
    win.addEventListener('submit', (event) => {
      // Only around the take-over: later, a form is wholly the app's.
      const { takenAt } = guard
      if (takenAt === undefined || win.performance.now() - takenAt < guardAfterTakeOver)
        keepUntilTaken(win, event)
    })
  }
  const taps: EarlyTaps = {
    takeOver() {
      guard.takenAt ??= win.performance.now()
      holding = false
      win.document.removeEventListener('click', onClick, true)
      const played = [...choices.values(), ...(button ? [button] : [])]
      choices.clear()
      button = undefined
      return played.filter((control) => control.isConnected)
    },
  }
  win.luxeEarlyTaps = taps
  return taps
}

/** How many times a submission React did not take is asked again, a frame apart (about 3 s). */
export const submitRetries = 40
/** How long after the take-over a submission React did not take is kept (ms). */
export const guardAfterTakeOver = 5000
const retries = new WeakMap<HTMLFormElement, number>()
const guards = new WeakMap<Window, { takenAt: number | undefined }>()

/**
 * After the take-over React handles the page's forms, but a part of the page it has not finished taking
 * over can miss a submission (seen under load: the tap played back a moment after the take-over). The
 * browser would then submit the form itself, reloading the page with the form in its address and
 * losing what the shopper did. The store's forms are all the app's (none names an action), so such a
 * submission is stopped and asked again a frame later, until the app takes it.
 */
function keepUntilTaken(win: Window, event: SubmitEvent) {
  const form = event.target
  if (!(form instanceof HTMLFormElement)) return
  // Taken (the app prevents the browser's own submission): the form's next submission starts afresh.
  if (event.defaultPrevented) {
    retries.delete(form)
    return
  }
  if (form.hasAttribute('action') || !form.closest('#root')) return
  event.preventDefault()
  const tries = (retries.get(form) ?? 0) + 1
  if (tries > submitRetries) {
    retries.delete(form)
    return
  }
  retries.set(form, tries)
  const submitter = event.submitter
  afterNextPaint(
    () => {
      if (!form.isConnected) return
      const button = submitter?.isConnected && submitter.closest('form') === form ? submitter : null
      if (button) form.requestSubmit(button)
      else form.requestSubmit()
    },
    win,
    50,
  )
}
