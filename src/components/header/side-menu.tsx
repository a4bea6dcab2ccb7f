import { Link } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import { store } from '@/config/site'
import { Drawer } from '../drawer'
import { ChevronDownIcon } from '../icons'
import { Logo } from '../logo'
import { navGroups, primaryLinks, type NavGroup } from './nav-items'
import './header.css'

/** One expandable group (MORE, ACCESSORIES, COLLECTIONS): a disclosure button over a list of links. */
function SideMenuGroup({ group, onNavigate }: { group: NavGroup; onNavigate: () => void }) {
  const [expanded, setExpanded] = useState(false)
  const listId = useId()
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
        className="side-menu__row"
      >
        {group.label}
        <ChevronDownIcon size={18} className="nav-trigger__chevron" />
      </button>
      <ul id={listId} hidden={!expanded} className="side-menu__sublist">
        {group.items.map((item) => (
          <li key={item.to + item.label}>
            <Link to={item.to} onClick={onNavigate}>
              <span className="side-menu__link">{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </li>
  )
}

export interface SideMenuProps {
  open: boolean
  onClose: () => void
  /** Drawn above the links: the search box. */
  top?: ReactNode
  /** Where focus returns on close (the menu button). */
  finalFocusEl?: () => HTMLElement | null
}

/**
 * The phone's menu: a drawer from the left with the search box and the same links and menus as the
 * desktop header. It closes on Escape, on the close button, on the backdrop and whenever a link is
 * followed; focus stays inside while it is open and returns to the menu button after.
 */
export function SideMenu({ open, onClose, top, finalFocusEl }: SideMenuProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      side="left"
      size="xs"
      title="Menu"
      hideTitle
      headerStart={<Logo variant="full" size="sm" />}
      closeLabel="Close menu"
      finalFocusEl={finalFocusEl}
    >
      {top ? <div className="side-menu__top">{top}</div> : null}
      <nav aria-label="Mobile">
        <ul className="side-menu__list">
          {primaryLinks.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={onClose}
                activeOptions={{ exact: item.to === '/' }}
                style={{ textDecoration: 'none' }}
              >
                <span className="side-menu__row">{item.label}</span>
              </Link>
            </li>
          ))}
          {navGroups.map((group) => (
            <SideMenuGroup key={group.label} group={group} onNavigate={onClose} />
          ))}
        </ul>
      </nav>
      <div className="side-menu__contact">
        <p>{store.phoneDisplay}</p>
        <p>{store.email}</p>
      </div>
    </Drawer>
  )
}
