import { useEffect, useState, type RefObject } from 'react'

/** The form fields the floating button must never sit on. */
const fieldSelector = 'input:not([type="hidden"]), select, textarea'
/** Fields that bring up a phone's keyboard (which leaves little screen for anything else). */
const typingSelector =
  'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]), select, textarea'
const narrowQuery = '(max-width: 47.99em)'

export interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

/** Whether two boxes overlap, `gap` pixels around the first counting as part of it. */
export function overlaps(a: Box, b: Box, gap = 0): boolean {
  return (
    a.left - gap < b.right &&
    b.left < a.right + gap &&
    a.top - gap < b.bottom &&
    b.top < a.bottom + gap
  )
}

/**
 * The floating button steps aside while a form field lies under it, and on a phone while the shopper
 * types in a field (the keyboard takes half the screen).
 */
export function shouldStepAside(
  home: Box,
  fields: readonly Box[],
  typingOnPhone: boolean,
): boolean {
  if (typingOnPhone) return true
  return fields.some((field) => field.right > field.left && overlaps(home, field, 8))
}

/**
 * Where the button sits when not aside: its own offsets, raised above a bar at the bottom of the screen
 * (it is raised by a translation of the bar's height, which its offsets leave out).
 */
function homeBox(element: HTMLElement): Box {
  const raised = parseFloat(getComputedStyle(element).getPropertyValue('--bottom-bar-height')) || 0
  return {
    left: element.offsetLeft,
    top: element.offsetTop - raised,
    right: element.offsetLeft + element.offsetWidth,
    bottom: element.offsetTop + element.offsetHeight - raised,
  }
}

/**
 * `active`: false while the assistant's panel is open (the button is not shown then).
 *
 * The button stays where it is while it is pressed: a page that fills in (an account page as the session
 * arrives) can bring a field under it between the shopper's press and release, and a button that slid
 * away in between would lose the tap. It steps aside, if it still must, on release.
 */
export function useStepAside(button: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [aside, setAside] = useState(false)
  useEffect(() => {
    if (!active) return
    let frame = 0
    let pressed = false
    const check = () => {
      frame = 0
      const element = button.current
      if (!element || pressed) return
      const fields = [...document.querySelectorAll<HTMLElement>(fieldSelector)]
        .filter((field) => field !== element && field.getClientRects().length > 0)
        .map((field) => field.getBoundingClientRect())
      const focused = document.activeElement
      const typing =
        focused instanceof HTMLElement &&
        focused.matches(typingSelector) &&
        window.matchMedia(narrowQuery).matches
      setAside(shouldStepAside(homeBox(element), fields, typing))
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check)
    }
    const press = (event: PointerEvent) => {
      if (event.target instanceof Node && button.current?.contains(event.target)) pressed = true
    }
    const release = () => {
      if (!pressed) return
      pressed = false
      schedule()
    }
    schedule()
    const events = ['scroll', 'resize', 'focusin', 'focusout'] as const
    for (const name of events)
      window.addEventListener(name, schedule, { passive: true, capture: true })
    window.addEventListener('pointerdown', press, { passive: true, capture: true })
    const releases = ['pointerup', 'pointercancel'] as const
    for (const name of releases)
      window.addEventListener(name, release, { passive: true, capture: true })
    // Fields that appear without a scroll (a dialog, a step of a form).
    const mutations = new MutationObserver(schedule)
    mutations.observe(document.body, { childList: true, subtree: true })
    return () => {
      if (frame) cancelAnimationFrame(frame)
      for (const name of events) window.removeEventListener(name, schedule, { capture: true })
      window.removeEventListener('pointerdown', press, { capture: true })
      for (const name of releases) window.removeEventListener(name, release, { capture: true })
      mutations.disconnect()
    }
  }, [button, active])
  return active && aside
}
