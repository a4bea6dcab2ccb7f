import { useState, type RefObject } from 'react'

/** Marks the drawers' `<dialog>` elements, open as modal dialogs in the browser's top layer. */
export const modalLayerAttribute = 'data-modal-layer'

/** The modal drawer open on top, if any. */
export function topModalLayer(): HTMLElement | null {
  if (typeof document === 'undefined') return null
  const open = document.querySelectorAll<HTMLElement>(`dialog[${modalLayerAttribute}][open]`)
  return open[open.length - 1] ?? null
}

export interface OverlayLayer {
  /** Changes whenever the place changes: give it to the Portal as its `key`. */
  key: number
  /** Where to attach the overlay: the Portal's `container`; empty means the page's body. */
  container: RefObject<HTMLElement | null>
}

/**
 * Where an overlay that is drawn in a portal (a Chakra dialog) must be attached, decided each time it
 * opens. While a drawer is open the browser shows it above everything else and makes the rest of the
 * page inert, so an overlay opened from inside it (a confirmation in an admin panel, the search dialog
 * from the side menu's search box) is attached inside that drawer, or it would be covered and dead.
 * Otherwise it goes to the body, as usual. A portal keeps the container it was mounted with, so the
 * key makes it mount again when the place changes.
 */
export function useOverlayLayer(open: boolean): OverlayLayer {
  const [layer, setLayer] = useState<OverlayLayer>(() => ({
    key: 0,
    container: { current: open ? topModalLayer() : null },
  }))
  const [wasOpen, setWasOpen] = useState(open)
  if (open !== wasOpen) {
    setWasOpen(open)
    const top = open ? topModalLayer() : layer.container.current
    if (top !== layer.container.current)
      setLayer({ key: layer.key + 1, container: { current: top } })
  }
  return layer
}
