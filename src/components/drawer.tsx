import type { ReactNode } from 'react'
import { OptionalPart, useWantedOnce } from './optional-part'

export type DrawerSide = 'top' | 'bottom' | 'left' | 'right'

export interface DrawerProps {
  open: boolean
  /** Called on Escape, a click on the backdrop or the close button; the owner sets `open` to false. */
  onClose: () => void
  /** The drawer's heading and accessible name. */
  title: ReactNode
  /** The edge it slides from. Defaults to `right`. */
  side?: DrawerSide
  /** Width for left/right drawers: xs 320px, sm 448px (default), md 512px, lg 672px, full. */
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'full'
  children: ReactNode
  /** Sticks to the bottom of the drawer (totals, buttons). */
  footer?: ReactNode
  /** The close button's accessible name. Defaults to `Close`. */
  closeLabel?: string
  /** Keep the title for screen readers but draw `headerStart` instead (e.g. a logo). */
  hideTitle?: boolean
  headerStart?: ReactNode
  /** Where focus goes when it opens (default: the first focusable element, the close button). */
  initialFocusEl?: () => HTMLElement | null
  /** Where focus returns when it closes (default: the element focused before it opened). */
  finalFocusEl?: () => HTMLElement | null
}

const loadView = () => import('./drawer-view')
const loadDrawerView = () => loadView().then((module) => module.DrawerView)

/**
 * A panel that slides in from an edge of the screen. Plain elements on the browser's own modal dialog
 * (Escape, the page behind inert so focus cannot reach it), in a chunk fetched when the browser is
 * idle or on the first opening, so a page with a closed drawer pays nothing for it on first load. What
 * is inside may still use Chakra: it renders in the scope of the page that owns the drawer.
 */
export function Drawer(props: DrawerProps) {
  const wanted = useWantedOnce(props.open, loadView, 5000)
  if (!wanted) return null
  return <OptionalPart load={loadDrawerView} props={props} />
}
