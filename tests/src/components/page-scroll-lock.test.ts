import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lockPageScroll } from '@/components/page-scroll-lock'

describe('the page scroll lock', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** The page's scrollbar takes `width` pixels of the window. */
  function scrollbarOf(width: number) {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1280)
    vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1280 - width)
  }
  const padding = () => getComputedStyle(document.body).getPropertyValue('padding-inline-end')

  it('gives the scrollbar’s width back as the locked page’s padding, by a rule for the class alone', () => {
    scrollbarOf(15)
    const release = lockPageScroll()
    expect(document.body).toHaveClass('page-scroll-lock')
    expect(padding()).toBe('15px')
    // Nothing on the body itself: a custom property there is inherited by the whole page.
    expect(document.body.getAttribute('style')).toBeNull()
    release()
    expect(document.body).not.toHaveClass('page-scroll-lock')
    expect(padding()).not.toBe('15px')

    // A window whose scrollbar changed (zoomed, or now overlaid): the rule follows.
    scrollbarOf(0)
    const again = lockPageScroll()
    expect(padding()).toBe('0px')
    again()
  })

  it('nests: the page scrolls again once every lock is released, each release once', () => {
    scrollbarOf(0)
    const drawer = lockPageScroll()
    const offer = lockPageScroll()
    drawer()
    drawer()
    expect(document.body).toHaveClass('page-scroll-lock')
    offer()
    expect(document.body).not.toHaveClass('page-scroll-lock')
  })
})

/**
 * A registered custom property (`@property`) makes the browser work out the style of every element on the
 * page again when its stylesheet arrives: 40 ms at 4x CPU for the modal's stylesheet, on every page, as
 * the app loaded. None of our stylesheets registers one.
 */
describe('the stylesheets', () => {
  const css = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return css(path)
      return entry.name.endsWith('.css') ? [path] : []
    })

  it('register no custom property', () => {
    const files = css(join(import.meta.dirname, '../../../src'))
    expect(files.length).toBeGreaterThan(20)
    const rules = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
    const registering = files.filter((file) => /@property\b/.test(rules(file)))
    expect(registering).toEqual([])
  })
})
