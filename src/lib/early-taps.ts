/**
 * A prebuilt page shows its buttons before the app's code has run. A tap on one then (a menu, the search
 * button, an FAQ question, Subscribe) would do nothing, or for a form's button reload the page with the
 * form in its address. So until the app takes the page over, a tap on a button inside the page is held
 * (the last one; a link still goes where it points), and the app plays it once it has taken over.
 * Part of the classic script inlined into index.html (see splash-boot.ts): it listens from the first
 * byte of the page.
 */
export interface EarlyTaps {
  /** Stops holding taps; returns the button last tapped while they were held, if any. */
  takeOver(): HTMLElement | undefined
}

declare global {
  interface Window {
    luxeEarlyTaps?: EarlyTaps
  }
}

export function holdEarlyTaps(win: Window = window): EarlyTaps {
  let held: HTMLElement | undefined
  let holding = true
  const onClick = (event: MouseEvent) => {
    if (!holding || !(event.target instanceof Element)) return
    const button = event.target.closest<HTMLElement>('#root button')
    if (!button || button.hasAttribute('disabled')) return
    event.preventDefault()
    event.stopPropagation()
    held = button
  }
  win.document.addEventListener('click', onClick, true)
  const taps: EarlyTaps = {
    takeOver() {
      holding = false
      win.document.removeEventListener('click', onClick, true)
      const button = held
      held = undefined
      return button?.isConnected ? button : undefined
    },
  }
  win.luxeEarlyTaps = taps
  return taps
}
