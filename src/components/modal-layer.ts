import { useMemo, useState, useSyncExternalStore, type RefObject } from 'react'

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

const listeners = new Set<() => void>()

/** A drawer has opened or closed: overlays that follow the top layer move (see useTopOverlayLayer). */
export function modalLayersChanged() {
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const layerIds = new WeakMap<HTMLElement, number>()
let nextLayerId = 1

function layerKey(element: HTMLElement | null): number {
  if (!element) return 0
  let id = layerIds.get(element)
  if (id === undefined) {
    id = nextLayerId++
    layerIds.set(element, id)
  }
  return id
}

/**
 * For an overlay that stays up while drawers open and close (the toasts): it is attached inside the
 * drawer open on top, and moves there and back as drawers come and go, so a toast is never dimmed and
 * dead under a drawer's backdrop.
 */
export function useTopOverlayLayer(): OverlayLayer {
  const top = useSyncExternalStore(subscribe, topModalLayer, () => null)
  const container = useMemo(() => ({ current: top }), [top])
  return { key: layerKey(top), container }
}
