import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link, useRouterState } from '@tanstack/react-router'
import { useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { store } from '@/config/site'
import { MenuIcon } from '../icons'
import { Logo } from '../logo'
import { navGroups, primaryLinks } from './nav-items'
import { navTriggerStyle, NavMenu } from './nav-menu'
import { SideMenu } from './side-menu'

export interface HeaderProps {
  /**
   * The icon buttons at the end of the bar, in order: currency toggle, search, admin shortcut, account,
   * cart. Each should be a 40px (boxSize 10) icon button with its own aria-label; the bar spaces them.
   */
  actions: ReactNode
  /** Shown at the top of the phone's side menu: the search box. */
  sideMenuTop?: ReactNode
}

export const headerIconButtonSize = '10'

/** The `md` breakpoint, from which the main links show instead of the menu button. */
const wideQuery = '(min-width: 48em)'

function subscribeWide(onChange: () => void): () => void {
  const query = window.matchMedia?.(wideQuery)
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

/**
 * Whether the main links are shown. On phones they are hidden by CSS anyway, so they are not rendered
 * at all (fewer elements to build and style at start-up); where matchMedia is missing, they are.
 */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia?.(wideQuery).matches ?? true,
    () => true,
  )
}

/**
 * The sticky header (spec §2): logo, the main links and the MORE, ACCESSORIES and COLLECTIONS menus on
 * wider screens, the icon buttons, and on phones a menu button that opens the side menu.
 */
export function Header({ actions, sideMenuTop }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const wide = useWideScreen()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [shownPath, setShownPath] = useState(pathname)
  if (pathname !== shownPath) {
    // Any navigation (a link, the back button, a search result) closes the side menu.
    setShownPath(pathname)
    if (menuOpen) setMenuOpen(false)
  }

  return (
    <chakra.header
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="white"
      borderBottomWidth="1px"
      borderColor="brand.line"
    >
      <Flex
        maxW="7xl"
        mx="auto"
        h={{ base: '14', md: '16' }}
        px={{ base: '2', sm: '4', lg: '8' }}
        align="center"
        gap={{ base: '1', sm: '3' }}
      >
        <chakra.button
          ref={menuButtonRef}
          type="button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-haspopup="dialog"
          onClick={() => setMenuOpen(true)}
          display={{ base: 'inline-flex', md: 'none' }}
          alignItems="center"
          justifyContent="center"
          boxSize="11"
          flexShrink={0}
          color="brand.ink"
          borderRadius="full"
          _hover={{ bg: 'brand.cream' }}
        >
          <MenuIcon size={22} />
        </chakra.button>
        <Link to="/" aria-label={`${store.name} home`}>
          <Flex align="center" minH="11" px="1">
            <Logo variant="responsive" size="md" />
          </Flex>
        </Link>
        <Flex
          ms="auto"
          align="center"
          gap={{ base: '0', sm: '1' }}
          flexShrink={0}
          css={{ '& > *': { flexShrink: 0 } }}
        >
          {actions}
        </Flex>
      </Flex>
      {wide ? (
        <Box
          as="nav"
          aria-label="Main"
          display={{ base: 'none', md: 'block' }}
          borderTopWidth="1px"
          borderColor="brand.line"
        >
          <Flex
            as="ul"
            listStyleType="none"
            justify="center"
            align="center"
            gap={{ md: '4', lg: '8' }}
            px="4"
            h="12"
          >
            {primaryLinks.map((item) => (
              <li key={item.to}>
                <Link to={item.to} activeOptions={{ exact: item.to === '/' }}>
                  <chakra.span css={{ ...navTriggerStyle, '[aria-current=page] > &': navActive }}>
                    {item.label}
                  </chakra.span>
                </Link>
              </li>
            ))}
            {navGroups.map((group, index) => (
              <li key={group.label}>
                <NavMenu group={group} align={index === navGroups.length - 1 ? 'end' : 'start'} />
              </li>
            ))}
          </Flex>
        </Box>
      ) : null}
      <SideMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        top={sideMenuTop}
        finalFocusEl={() => menuButtonRef.current}
      />
    </chakra.header>
  )
}

const navActive = { borderColor: 'brand.gold', color: 'brand.ink' }
