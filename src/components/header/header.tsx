import { Link, useRouterState } from '@tanstack/react-router'
import { useRef, useState, type ReactNode } from 'react'
import { store } from '@/config/site'
import { useMediaQuery } from '@/lib/use-media-query'
import { MenuIcon } from '../icons'
import { Logo } from '../logo'
import { navGroups, primaryLinks } from './nav-items'
import { NavMenu } from './nav-menu'
import { SideMenu } from './side-menu'
import './header.css'

export interface HeaderProps {
  /**
   * The icon buttons at the end of the bar, in order: currency toggle, search, admin shortcut, account,
   * cart. Each should be a 40px icon button (`headerIconClass`) with its own aria-label; the bar spaces
   * them.
   */
  actions: ReactNode
  /** Shown at the top of the phone's side menu: the search box. */
  sideMenuTop?: ReactNode
}

export const headerIconButtonSize = '10'

/** The `md` breakpoint, from which the main links show instead of the menu button. On phones they are
 * hidden by CSS anyway, so they are not rendered at all (fewer elements to build at start-up). */
const wideQuery = '(min-width: 48em)'

/**
 * The sticky header: logo, the main links and the MORE, ACCESSORIES and COLLECTIONS menus on
 * wider screens, the icon buttons, and on phones a menu button that opens the side menu.
 */
export function Header({ actions, sideMenuTop }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const wide = useMediaQuery(wideQuery)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [shownPath, setShownPath] = useState(pathname)
  if (pathname !== shownPath) {
    // Any navigation (a link, the back button, a search result) closes the side menu.
    setShownPath(pathname)
    if (menuOpen) setMenuOpen(false)
  }

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <button
          ref={menuButtonRef}
          type="button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-haspopup="dialog"
          onClick={() => setMenuOpen(true)}
          className="site-header__menu-button"
        >
          <MenuIcon size={22} />
        </button>
        <Link to="/" aria-label={`${store.name} home`}>
          <span className="site-header__home">
            <Logo variant="responsive" size="md" />
          </span>
        </Link>
        <div className="site-header__actions">{actions}</div>
      </div>
      {wide ? (
        <nav aria-label="Main" className="site-header__nav" data-media={wideQuery}>
          <ul className="site-header__links">
            {primaryLinks.map((item) => (
              <li key={item.to}>
                <Link to={item.to} activeOptions={{ exact: item.to === '/' }}>
                  <span className="nav-trigger">{item.label}</span>
                </Link>
              </li>
            ))}
            {navGroups.map((group, index) => (
              <li key={group.label}>
                <NavMenu group={group} align={index === navGroups.length - 1 ? 'end' : 'start'} />
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <SideMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        top={sideMenuTop}
        finalFocusEl={() => menuButtonRef.current}
      />
    </header>
  )
}
