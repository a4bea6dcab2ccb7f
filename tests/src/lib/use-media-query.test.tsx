import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * A prebuilt page is built for wide screens: the parts shown only there are in its HTML. On a screen
 * where they do not show, they are taken out before hydration, which builds the page as that screen
 * shows it, with no mismatch, and never builds the parts it would delete right after.
 */

const wideQuery = '(min-width: 48em)'

/** A screen `width` pixels wide, as matchMedia answers min- and max-width queries in em (16 px). */
function screenOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const [, side, em] = /(min|max)-width:\s*([\d.]+)em/.exec(query) ?? []
    const edge = Number(em) * 16
    return {
      matches: side === 'min' ? width >= edge : width <= edge,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }
  })
}

/** The module afresh for each case: it keeps the page's queries and whether its parts were resolved. */
async function page() {
  vi.resetModules()
  const { useMediaQuery, dropPartsForOtherScreens } = await import('@/lib/use-media-query')
  const built = { wideMenu: 0 }
  function WideMenu() {
    built.wideMenu++
    return (
      <nav aria-label="Main" data-media={wideQuery}>
        <a href="/women">Women</a>
      </nav>
    )
  }
  function Header() {
    const wide = useMediaQuery(wideQuery)
    // Not built (false when the pages are built): it can only be added after hydration.
    const narrow = useMediaQuery('(max-width: 30em)', false)
    return (
      <header>
        <button type="button">Open menu</button>
        {wide ? <WideMenu /> : null}
        {narrow ? <p>Swipe for more</p> : null}
      </header>
    )
  }
  return { Header, built, dropPartsForOtherScreens }
}

// React's act() is used here as in its own tests.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let container: HTMLDivElement
beforeEach(() => {
  container = document.createElement('div')
  document.body.append(container)
})
afterEach(() => {
  container.remove()
  vi.unstubAllGlobals()
})

/** Renders the page as the build does (no screen to ask), then hydrates it here. */
async function buildThenHydrate(width: number) {
  const { Header, built, dropPartsForOtherScreens } = await page()
  container.innerHTML = renderToString(<Header />)
  screenOf(width)
  built.wideMenu = 0
  dropPartsForOtherScreens(container)
  const errors: unknown[] = []
  await act(async () => {
    hydrateRoot(container, <Header />, {
      onRecoverableError: (error) => errors.push(error),
    })
  })
  return { built, errors }
}

describe('a prebuilt page hydrated on a phone', () => {
  it('loses the wide screens’ menu before hydration, which never builds it', async () => {
    const { built, errors } = await buildThenHydrate(390)
    expect(errors).toEqual([])
    expect(built.wideMenu).toBe(0)
    expect(container.querySelector('nav')).toBeNull()
    expect(container.querySelector('button')?.textContent).toBe('Open menu')
    // What only this screen shows, and the build left out, comes right after.
    expect(container.querySelector('p')?.textContent).toBe('Swipe for more')
  })
})

describe('a prebuilt page hydrated on a wide screen', () => {
  it('keeps and hydrates its menu', async () => {
    const { built, errors } = await buildThenHydrate(1280)
    expect(errors).toEqual([])
    expect(built.wideMenu).toBeGreaterThan(0)
    expect(container.querySelector('nav a')?.getAttribute('href')).toBe('/women')
    expect(container.querySelector('p')).toBeNull()
  })
})

describe('the page as built', () => {
  it('has the wide screens’ parts, whatever the machine that builds it', async () => {
    const { Header } = await page()
    screenOf(390)
    expect(renderToString(<Header />)).toContain('data-media="(min-width: 48em)"')
  })
})
