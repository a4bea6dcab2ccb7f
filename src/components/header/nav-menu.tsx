import { Link } from '@tanstack/react-router'
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react'
import { timings } from '@/config/site'
import { ChevronDownIcon } from '../icons'
import type { NavGroup } from './nav-items'
import './header.css'

/** After one hover menu closes, moving straight onto the next opens it at once (the menu's skip delay). */
const hoverSkipDelayMs = 300
/** Typed letters jump to the matching item; the typed text resets after this pause. */
const typeaheadResetMs = 1000
let lastHoverCloseAt = 0

type OpenedBy = 'hover' | 'click' | 'keyboard'

/**
 * A header menu (MORE) or panel (ACCESSORIES, COLLECTIONS) following the WAI-ARIA menu-button pattern:
 * the button carries aria-expanded and aria-controls; Enter, Space or the arrow keys open it and focus an
 * item; arrows, Home, End and typed letters move between items; Escape closes it and returns focus to the
 * button; a click outside or tabbing away closes it. With a mouse it also opens on hover after
 * `menuOpenDelayMs` and closes `menuCloseDelayMs` after the pointer leaves; a click pins it open.
 */
export function NavMenu({ group, align = 'start' }: { group: NavGroup; align?: 'start' | 'end' }) {
  const id = useId()
  const buttonId = `${id}-button`
  const menuId = `${id}-menu`
  const [open, setOpen] = useState(false)
  const openedBy = useRef<OpenedBy | null>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([])
  const openTimer = useRef<number | undefined>(undefined)
  const closeTimer = useRef<number | undefined>(undefined)
  const pendingFocus = useRef<number | null>(null)
  const typeahead = useRef({ text: '', timer: undefined as number | undefined })

  const clearTimers = () => {
    window.clearTimeout(openTimer.current)
    window.clearTimeout(closeTimer.current)
  }

  const focusItem = useCallback((index: number) => {
    const items = itemRefs.current.filter((item): item is HTMLAnchorElement => item !== null)
    if (items.length === 0) return
    const wrapped = (index + items.length) % items.length
    items[wrapped]?.focus()
  }, [])

  const show = (by: OpenedBy, focusIndex: number | null = null) => {
    clearTimers()
    openedBy.current = by
    pendingFocus.current = focusIndex
    if (open && focusIndex !== null) focusItem(focusIndex)
    setOpen(true)
  }

  const hide = useCallback((returnFocus: boolean) => {
    window.clearTimeout(openTimer.current)
    window.clearTimeout(closeTimer.current)
    openedBy.current = null
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }, [])

  // Focus the requested item once the menu is on screen.
  useEffect(() => {
    if (!open || pendingFocus.current === null) return
    focusItem(pendingFocus.current)
    pendingFocus.current = null
  }, [open, focusItem])

  // A press anywhere outside closes it.
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) hide(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, hide])

  useEffect(
    () => () => {
      window.clearTimeout(openTimer.current)
      window.clearTimeout(closeTimer.current)
      window.clearTimeout(typeahead.current.timer)
    },
    [],
  )

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return
    window.clearTimeout(closeTimer.current)
    if (open) return
    if (Date.now() - lastHoverCloseAt < hoverSkipDelayMs) {
      show('hover')
      return
    }
    openTimer.current = window.setTimeout(() => show('hover'), timings.menuOpenDelayMs)
  }

  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return
    window.clearTimeout(openTimer.current)
    if (!open || openedBy.current !== 'hover') return
    closeTimer.current = window.setTimeout(() => {
      lastHoverCloseAt = Date.now()
      hide(false)
    }, timings.menuCloseDelayMs)
  }

  const onButtonClick = () => {
    if (!open) show('click')
    else if (openedBy.current === 'hover') openedBy.current = 'click'
    else hide(false)
  }

  const onButtonKeyDown = (event: KeyboardEvent) => {
    switch (event.key) {
      case 'Enter':
      case ' ':
      case 'ArrowDown':
        event.preventDefault()
        show('keyboard', 0)
        break
      case 'ArrowUp':
        event.preventDefault()
        show('keyboard', group.items.length - 1)
        break
      case 'Escape':
        if (open) {
          event.preventDefault()
          hide(true)
        }
        break
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = itemRefs.current
    const current = items.findIndex((item) => item === document.activeElement)
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        focusItem(current + 1)
        return
      case 'ArrowUp':
        event.preventDefault()
        focusItem(current < 0 ? -1 : current - 1)
        return
      case 'Home':
        event.preventDefault()
        focusItem(0)
        return
      case 'End':
        event.preventDefault()
        focusItem(-1)
        return
      case 'Escape':
        event.preventDefault()
        event.stopPropagation()
        hide(true)
        return
      case 'Tab':
        hide(false)
        return
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const state = typeahead.current
      window.clearTimeout(state.timer)
      state.text += event.key.toLowerCase()
      state.timer = window.setTimeout(() => (state.text = ''), typeaheadResetMs)
      // Pressing one letter again cycles through the items starting with it.
      const query = /^(.)\1+$/.test(state.text) ? state.text.charAt(0) : state.text
      const start = query.length === 1 ? current + 1 : Math.max(current, 0)
      const ordered = [...group.items.slice(start), ...group.items.slice(0, start)]
      const match = ordered.find((item) => item.label.toLowerCase().startsWith(query))
      if (match) focusItem(group.items.indexOf(match))
    }
  }

  const onBlur = (event: FocusEvent) => {
    if (!open || openedBy.current === 'hover') return
    const next = event.relatedTarget as Node | null
    if (next && containerRef.current?.contains(next)) return
    if (next === null) return // a click on empty space is handled by the outside-press listener
    hide(false)
  }

  const panel = group.kind === 'panel'

  return (
    <div
      ref={containerRef}
      className="nav-menu"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        id={buttonId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
        className="nav-trigger"
      >
        {group.label}
        <ChevronDownIcon size={14} className="nav-trigger__chevron" />
      </button>
      <div
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        hidden={!open}
        tabIndex={-1}
        onKeyDown={onMenuKeyDown}
        className={`nav-menu__list nav-menu__list--${align}${panel ? ' nav-menu__list--panel' : ''}`}
      >
        {group.items.map((item, index) => (
          <Link
            key={item.to + item.label}
            to={item.to}
            role="menuitem"
            tabIndex={-1}
            ref={(element: HTMLAnchorElement | null) => {
              itemRefs.current[index] = element
            }}
            aria-labelledby={`${menuId}-${index}`}
            aria-describedby={item.description ? `${menuId}-${index}-about` : undefined}
            onClick={() => hide(false)}
            style={{ textDecoration: 'none' }}
          >
            <span className="nav-menu__item">
              <span id={`${menuId}-${index}`} className="nav-menu__label">
                {item.label}
              </span>
              {item.description ? (
                <span id={`${menuId}-${index}-about`} className="nav-menu__about">
                  {item.description}
                </span>
              ) : null}
            </span>
          </Link>
        ))}
      </div>
    </div>
  )
}
