import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import { store } from '@/config/site'
import { Drawer } from '../drawer'
import { ChevronDownIcon } from '../icons'
import { Logo } from '../logo'
import { navGroups, primaryLinks, type NavGroup } from './nav-items'

const rowStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  w: 'full',
  minH: '12',
  px: '1',
  fontSize: 'sm',
  fontWeight: 'semibold',
  letterSpacing: '0.14em',
  color: 'brand.ink',
  textAlign: 'start',
  borderBottomWidth: '1px',
  borderColor: 'brand.line',
  '[aria-current=page] > &': { color: 'brand.gold' },
} as const

/** One expandable group (MORE, ACCESSORIES, COLLECTIONS): a disclosure button over a list of links. */
function SideMenuGroup({ group, onNavigate }: { group: NavGroup; onNavigate: () => void }) {
  const [expanded, setExpanded] = useState(false)
  const listId = useId()
  return (
    <li>
      <chakra.button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
        css={rowStyle}
      >
        {group.label}
        <ChevronDownIcon
          size={18}
          style={{
            transition: 'transform 150ms',
            transform: expanded ? 'rotate(180deg)' : undefined,
          }}
        />
      </chakra.button>
      <chakra.ul id={listId} hidden={!expanded} listStyleType="none" py="1" ps="3">
        {group.items.map((item) => (
          <li key={item.to + item.label}>
            <Link to={item.to} onClick={onNavigate}>
              <chakra.span
                display="flex"
                alignItems="center"
                minH="11"
                fontSize="sm"
                color="brand.ink"
              >
                {item.label}
              </chakra.span>
            </Link>
          </li>
        ))}
      </chakra.ul>
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
      {top ? <Box mb="4">{top}</Box> : null}
      <chakra.nav aria-label="Mobile">
        <chakra.ul listStyleType="none">
          {primaryLinks.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={onClose}
                activeOptions={{ exact: item.to === '/' }}
                style={{ textDecoration: 'none' }}
              >
                <chakra.span css={rowStyle}>{item.label}</chakra.span>
              </Link>
            </li>
          ))}
          {navGroups.map((group) => (
            <SideMenuGroup key={group.label} group={group} onNavigate={onClose} />
          ))}
        </chakra.ul>
      </chakra.nav>
      <Box mt="6" fontSize="sm" color="brand.muted">
        <chakra.p>{store.phoneDisplay}</chakra.p>
        <chakra.p>{store.email}</chakra.p>
      </Box>
    </Drawer>
  )
}
