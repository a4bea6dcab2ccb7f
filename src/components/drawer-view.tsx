import { useId } from 'react'
import { createPortal } from 'react-dom'
import { CloseIcon } from './icons'
import { useModalDialog } from './modal-dialog'
import type { DrawerProps } from './drawer'
import './drawer-view.css'
import './visually-hidden.css'

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
  const titleId = useId()
  const dialogProps = useModalDialog({
    onClose,
    initialFocusEl: () => props.initialFocusEl?.(),
    finalFocusEl: () => props.finalFocusEl?.(),
  })

  return (
    <dialog
      {...dialogProps}
      className={`drawer drawer--${side} drawer--${size}`}
      data-side={side}
      aria-labelledby={titleId}
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
