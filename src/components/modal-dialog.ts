import {
  useEffect,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type SyntheticEvent,
} from 'react'
import { modalLayerAttribute, modalLayersChanged } from './modal-layer'
import { lockPageScroll } from './page-scroll-lock'

export interface ModalDialogOptions {
  /** Every way out (Escape, the backdrop, the browser closing it): the owner unmounts the dialog. */
  onClose: () => void
  /** Where focus goes on opening; by default the first focusable element. */
  initialFocusEl?: () => HTMLElement | null | undefined
  /** Where focus goes on closing; by default back where it was. */
  finalFocusEl?: () => HTMLElement | null | undefined
  /**
   * `commit` (the default) opens it as React puts it in the page, in the frame of the tap that asked
   * for it. `after-commit` opens it a task later: opening a modal dialog makes the rest of the page
   * inert, and the browser works out every element's style again, which for a dialog nobody tapped for
   * (the email offer) is better kept out of the task React's own work is in.
   */
  opens?: 'commit' | 'after-commit'
  /**
   * How the page behind is shut off. `browser` (the default): showModal(), which makes the rest of the
   * page inert, and the browser works out every element's style again as it opens (18-29 ms of a
   * 37-51 ms task at 4x CPU on a listing). `aria`, for a dialog nobody tapped for (the email offer): a
   * plain show() with the same covering box; the app's root is hidden from assistive technology
   * (aria-hidden) instead, the dialog says it is modal (aria-modal), Escape closes it and, where the
   * browser knows `closedby`, a phone's back gesture too. Keeping Tab inside is the dialog's own work.
   */
  modal?: 'browser' | 'aria'
}

/** The element the app is drawn in, hidden from assistive technology behind an `aria` modal dialog. */
const appRootId = 'root'

/**
 * A modal `<dialog>`, open while mounted. By default the browser's own: showModal() keeps focus off the
 * page behind, turns Escape (and a phone's back gesture) into a `cancel` event and makes the rest of the
 * page inert (see `modal` for the other way). The page behind does not scroll. The dialog is meant to
 * cover the screen with its panel inside, so a press and release on the dialog itself is a tap on the
 * backdrop, which closes it. Spread the returned props on the `<dialog>` (a caller with its own
 * onKeyDown calls the returned one from it).
 */
export function useModalDialog(options: ModalDialogOptions) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  // The caller's latest functions, for the opening and closing below, which run once.
  const latest = useRef(options)
  useLayoutEffect(() => {
    latest.current = options
  })
  const closed = useRef(false)
  const pressedBackdrop = useRef(false)
  const opensAfterCommit = options.opens === 'after-commit'
  const browserModal = options.modal !== 'aria'

  const open = () => {
    const dialog = dialogRef.current
    if (!dialog) return
    const returnTo = document.activeElement
    const unlock = lockPageScroll()
    closed.current = false
    const unhide = browserModal ? undefined : hideAppFromAssistiveTechnology()
    if (browserModal) {
      dialog.showModal()
      // Overlays that follow the top layer (the toasts) move inside it.
      modalLayersChanged()
    } else {
      dialog.setAttribute('closedby', 'closerequest')
      dialog.show()
    }
    latest.current.initialFocusEl?.()?.focus()
    return () => {
      closed.current = true
      // Closed before focus moves: until then the browser's modal keeps the page behind inert, and
      // the page cannot take it.
      dialog.close()
      if (browserModal) modalLayersChanged()
      unhide?.()
      unlock()
      // Back where the shopper was, without scrolling: the page has not moved since (it was locked),
      // and Chromium scrolls a stuck sticky header's buttons back to their place in the flow.
      const target = latest.current.finalFocusEl?.() ?? returnTo
      if (target instanceof HTMLElement && target.isConnected) target.focus({ preventScroll: true })
    }
  }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- opened once, on mount
  useLayoutEffect(() => (opensAfterCommit ? undefined : open()), [])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- opened once, on mount
  useEffect(() => (opensAfterCommit ? open() : undefined), [])

  return {
    ref: dialogRef,
    // Only the browser's modal dialogs are in the top layer that overlays follow.
    ...(browserModal ? { [modalLayerAttribute]: '' } : { 'aria-modal': true }),
    onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
      // The browser's modal dialog turns Escape into `cancel` itself.
      if (browserModal || event.key !== 'Escape' || event.defaultPrevented) return
      // Handled here, so the browser does not also take it as a close request.
      event.preventDefault()
      latest.current.onClose()
    },
    onCancel(event: SyntheticEvent<HTMLDialogElement>) {
      // Escape: the owner decides, by unmounting the dialog.
      event.preventDefault()
      latest.current.onClose()
    },
    // The browser may close the dialog by itself (a second Escape it will not let the page refuse).
    onClose() {
      if (!closed.current) latest.current.onClose()
    },
    onPointerDown(event: PointerEvent<HTMLDialogElement>) {
      pressedBackdrop.current = event.target === event.currentTarget
    },
    onClick(event: MouseEvent<HTMLDialogElement>) {
      // Pressed and released on the backdrop: not a drag that started or ended in the panel.
      if (pressedBackdrop.current && event.target === event.currentTarget) latest.current.onClose()
      pressedBackdrop.current = false
    },
  }
}

/**
 * Hides the app's root from assistive technology while an `aria` modal dialog (outside it, in the
 * body) is open; returns the undoing, which puts back what the attribute was.
 */
function hideAppFromAssistiveTechnology(): () => void {
  const root = document.getElementById(appRootId)
  if (!root) return () => {}
  const before = root.getAttribute('aria-hidden')
  root.setAttribute('aria-hidden', 'true')
  return () => {
    if (before === null) root.removeAttribute('aria-hidden')
    else root.setAttribute('aria-hidden', before)
  }
}
