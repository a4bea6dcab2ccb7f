import {
  useId,
  useLayoutEffect,
  useRef,
  type MouseEvent,
  type PointerEvent,
  type SyntheticEvent,
} from 'react'
import { createPortal } from 'react-dom'
import { CloseIcon } from './icons'
import { modalLayerAttribute, modalLayersChanged } from './modal-layer'
import type { DrawerProps } from './drawer'
import './drawer-view.css'
import './visually-hidden.css'

let scrollLocks = 0

/**
 * The page behind an open drawer does not scroll; the scrollbar's width is given back as padding so
 * nothing shifts. A class (styled in drawer-view.css), not inline styles: a Chakra dialog opened on
 * top sets and restores the body's inline overflow itself, in whatever order the two close.
 */
function lockPageScroll(): () => void {
  const { body, documentElement } = document
  if (scrollLocks++ === 0) {
    const scrollbar = window.innerWidth - documentElement.clientWidth
    body.style.setProperty('--drawer-scrollbar-width', `${Math.max(0, scrollbar)}px`)
    body.classList.add('drawer-scroll-lock')
  }
  let released = false
  return () => {
    if (released) return
    released = true
    if (--scrollLocks === 0) {
      body.classList.remove('drawer-scroll-lock')
      body.style.removeProperty('--drawer-scrollbar-width')
    }
  }
}

/**
 * The drawer itself: the browser's modal `<dialog>`, shown with showModal(), which keeps focus off the page behind,
 * turns Escape into a `cancel` event and makes the rest of the page inert. The dialog covers the
 * screen (its ::backdrop dims the page) and holds the panel against one edge, so a click on the dialog
 * outside the panel is a click on the backdrop. It is in the DOM only while open: the contents mount
 * on each opening and unmount on closing, and focus goes back to where it was.
 */
export function DrawerView(props: DrawerProps) {
  if (!props.open) return null
  return createPortal(<OpenDrawer {...props} />, document.body)
}

function OpenDrawer(props: DrawerProps) {
  const {
    onClose,
    title,
    side = 'right',
    size = 'sm',
    children,
    footer,
    closeLabel = 'Close',
    hideTitle = false,
    headerStart,
  } = props
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // The callers' latest functions, for the opening and closing below, which run once.
  const latest = useRef(props)
  useLayoutEffect(() => {
    latest.current = props
  })
  const closed = useRef(false)
  const pressedBackdrop = useRef(false)

  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const returnTo = document.activeElement
    const unlock = lockPageScroll()
    closed.current = false
    // Focus moves to the first focusable element (the close button) unless the caller names another.
    dialog.showModal()
    modalLayersChanged()
    latest.current.initialFocusEl?.()?.focus()
    return () => {
      closed.current = true
      // Closed before focus moves: until then the page behind is inert and cannot take it.
      dialog.close()
      modalLayersChanged()
      unlock()
      // Back where the shopper was, without scrolling: the page has not moved since (it was locked),
      // and Chromium scrolls a stuck sticky header's buttons back to their place in the flow.
      const target = latest.current.finalFocusEl?.() ?? returnTo
      if (target instanceof HTMLElement && target.isConnected) target.focus({ preventScroll: true })
    }
  }, [])

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: the owner decides, by setting `open` to false.
    event.preventDefault()
    onClose()
  }
  // The browser may close the dialog by itself (a second Escape it will not let the page refuse).
  const onDialogClose = () => {
    if (!closed.current) onClose()
  }
  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pressedBackdrop.current = event.target === event.currentTarget
  }
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    // Pressed and released on the backdrop: not a drag that started or ended in the panel.
    if (pressedBackdrop.current && event.target === event.currentTarget) onClose()
    pressedBackdrop.current = false
  }

  return (
    <dialog
      ref={dialogRef}
      {...{ [modalLayerAttribute]: '' }}
      className={`drawer drawer--${side} drawer--${size}`}
      data-side={side}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClose={onDialogClose}
      onPointerDown={onPointerDown}
      onClick={onClick}
    >
      <div className="drawer__panel">
        <div className="drawer__header">
          {headerStart}
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'drawer__title'}>
            {title}
          </h2>
          <button
            type="button"
            className="drawer__close"
            aria-label={closeLabel}
            title={closeLabel}
            onClick={onClose}
          >
            <CloseIcon size={22} />
          </button>
        </div>
        <div className="drawer__body">{children}</div>
        {footer ? <div className="drawer__footer">{footer}</div> : null}
      </div>
    </dialog>
  )
}
