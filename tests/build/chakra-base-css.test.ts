// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { chakraBaseCss, chakraStartCss } from '../../build/chakra-base-css'

const full = `@layer reset,base,tokens,recipes;
@layer reset{*{margin:0;border-color:var(--global-color-border,currentColor)}html{--font-fallback:system-ui;font-family:var(--font-fallback)}}
@layer base{*{font-feature-settings:"cv11";--ring-color:#4299e199;--blur:var(--chakra-empty, )}@keyframes spin{to{transform:rotate(1turn)}}@keyframes fade-in{from{opacity:0}}}
@layer tokens{:where(html,.chakra-theme){--chakra-colors-gold:#d4b25a;--chakra-colors-brand:var(--chakra-colors-gold);--chakra-colors-unused:red;--chakra-spacing-1\\.5:.375rem;--chakra-spacing-2:.5rem;--chakra-animations-spin:spin 1s linear infinite;--global-color-border:var(--chakra-colors-gray-200);--chakra-colors-gray-200:#e4e4e7}}`

describe("the pages' Chakra sheet", () => {
  const start = chakraStartCss(
    full,
    '.card{color:var(--chakra-colors-brand);gap:var(--chakra-spacing-1\\.5)}',
  )

  it('keeps the variables the app names and what they refer to, escaped names included', () => {
    expect(start).toContain('--chakra-colors-brand:var(--chakra-colors-gold)')
    expect(start).toContain('--chakra-colors-gold:#d4b25a')
    expect(start).toContain('--chakra-spacing-1\\.5:.375rem')
    // Read by the reset itself.
    expect(start).toContain('--global-color-border:var(--chakra-colors-gray-200)')
    expect(start).toContain('--chakra-colors-gray-200:#e4e4e7')
    expect(start).toContain('--font-fallback:system-ui')
  })

  it('leaves out unnamed tokens, the per-element variables and keyframes nothing kept names', () => {
    expect(start).not.toContain('--chakra-colors-unused')
    expect(start).not.toContain('--chakra-spacing-2:')
    expect(start).not.toContain('--ring-color')
    expect(start).not.toContain('--blur')
    expect(start).not.toContain('--chakra-animations-spin')
    expect(start).not.toContain('@keyframes spin')
    expect(start).not.toContain('@keyframes fade-in')
    // What is not a variable stays.
    expect(start).toContain('font-feature-settings:"cv11"')
    expect(start).toContain('@layer reset,base,tokens,recipes')
  })

  it('keeps keyframes a kept rule names', () => {
    const spinning = chakraStartCss(full, '.loading{animation:var(--chakra-animations-spin)}')
    expect(spinning).toContain('--chakra-animations-spin:spin 1s linear infinite')
    expect(spinning).toContain('@keyframes spin')
    expect(spinning).not.toContain('@keyframes fade-in')
  })

  it("is much smaller than the store's whole Chakra base", () => {
    const base = chakraBaseCss()
    const trimmed = chakraStartCss(base, 'color:var(--chakra-colors-fg)')
    expect(trimmed.length).toBeLessThan(base.length / 3)
    expect(trimmed).toContain('--chakra-colors-fg:')
  })
})

describe("the store's global styles", () => {
  const base = chakraBaseCss()

  it('have no selection rule, which would give every element a selection style in every style pass', () => {
    expect(base).not.toMatch(/::selection/)
  })

  it('set the font settings and the global variables once on html, not on every element', () => {
    const everyElement = [...base.matchAll(/(?:^|[{}])\*\{([^}]*)\}/g)].map((match) => match[1]!)
    for (const rule of everyElement) {
      expect(rule).not.toMatch(/--global-|font-feature-settings/)
    }
    expect(base).toMatch(/html\{[^}]*--global-font-body:var\(--chakra-fonts-body\)/)
    expect(base).toMatch(/html\{[^}]*--global-color-border:var\(--chakra-colors-border\)/)
    expect(base).toMatch(/html\{[^}]*font-feature-settings:"cv11"/)
  })
})
