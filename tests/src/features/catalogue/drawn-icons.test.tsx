import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { HeartIcon } from '@/components/icons'
import { RatingStars } from '@/features/catalogue/components/rating-stars'

/** A stylesheet of the catalogue's components as written (tests run from the project's folder). */
const sheet = (name: string) =>
  readFileSync(join(process.cwd(), 'src/features/catalogue/components', name), 'utf8')

/**
 * Each rule's clip path (the path inside `path(…)`), in the order the stylesheet writes them; the
 * `@supports` test is not a rule.
 */
const clipPaths = (css: string) =>
  [...css.matchAll(/clip-path: path\(\s*(?:evenodd,\s*)?'([^']+)'/g)]
    .map((found) => found[1])
    .filter((path) => path !== 'M0 0')

const r = (value: number) => String(Math.round(value * 100) / 100)

/** The icon set's star (24-unit grid) as steps from its top point at (12, 3.5). */
const starSteps: [number, number][] = [
  [2.6, 5.4],
  [5.9, 0.8],
  [-4.3, 4.1],
  [1, 5.8],
  [-5.2, -2.8],
  [-5.2, 2.8],
  [1, -5.8],
  [-4.3, -4.1],
  [5.9, -0.8],
]

/** Five stars `size` pixels high, 2 pixels apart, as the stylesheet should cut them. */
function fiveStars(size: number): string {
  const k = size / 24
  let d = ''
  for (let index = 0; index < 5; index++) {
    let x = index * (size + 2) + 12 * k
    let y = 3.5 * k
    d += `M${r(x)} ${r(y)}`
    for (const [dx, dy] of starSteps) {
      x += dx * k
      y += dy * k
      d += `L${r(x)} ${r(y)}`
    }
    d += 'Z'
  }
  return d
}

/**
 * The icon set's heart (M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0112 7.3a4.3 4.3 0 017.5 2.5C19.5 15.4 12 20 12
 * 20z) in absolute commands, scaled by `scale` about (12, 12.65) and drawn 18 pixels wide.
 */
function heart(scale: number): string {
  const k = 18 / 24
  const p = (x: number, y: number) =>
    `${r((12 + (x - 12) * scale) * k)} ${r((12.65 + (y - 12.65) * scale) * k)}`
  const radius = r(4.3 * scale * k)
  return (
    `M${p(12, 20)}C${p(12, 20)} ${p(4.5, 15.4)} ${p(4.5, 9.8)}` +
    `A${radius} ${radius} 0 0 1 ${p(12, 7.3)}A${radius} ${radius} 0 0 1 ${p(19.5, 9.8)}` +
    `C${p(19.5, 15.4)} ${p(12, 20)} ${p(12, 20)}Z`
  )
}

/** Half the icon set's 1.75 stroke, over the heart's half size (7.4 units): how far the outline grows. */
const halfStroke = 0.875 / 7.4

describe('drawn icons', () => {
  it('draws a rating as one element, gold up to the rating (whole stars and part of the next)', () => {
    render(
      <>
        <RatingStars rating={4.5} size={12} />
        <RatingStars rating={3.04} size={16} />
        <RatingStars rating={0} size={12} />
      </>,
    )
    const half = screen.getByRole('img', { name: 'Rated 4.5 out of 5' })
    expect(half.childElementCount).toBe(0)
    expect(half).toHaveClass('rating-stars', 'rating-stars--12')
    // Four whole stars with their gaps (4 × 14 px), then half of the fifth (6 of its 12 px).
    expect(half.style.getPropertyValue('--rating-fill')).toBe('62px')
    const three = screen.getByRole('img', { name: 'Rated 3 out of 5' })
    expect(three).toHaveClass('rating-stars--16')
    expect(three.style.getPropertyValue('--rating-fill')).toBe('54.64px')
    expect(
      screen.getByRole('img', { name: 'Rated 0 out of 5' }).style.getPropertyValue('--rating-fill'),
    ).toBe('0px')
  })

  it("cuts the stars from the icon set's star at each size, as wide as five stars and four gaps", () => {
    const stars = sheet('rating-stars.css')
    // .rating-stars--12, then .rating-stars--16
    expect(clipPaths(stars)).toEqual([fiveStars(12), fiveStars(16)])
    for (const size of [12, 16]) {
      expect(stars).toMatch(
        new RegExp(
          `\\.rating-stars--${size} \\{\\s*width: ${5 * size + 8}px;\\s*height: ${size}px;`,
        ),
      )
    }
  })

  it("draws the wishlist heart from the icon set's heart: an outline of its stroke, filled once saved", () => {
    const { container } = render(<HeartIcon />)
    expect(container.querySelector('path')?.getAttribute('d')).toBe(
      'M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0112 7.3a4.3 4.3 0 017.5 2.5C19.5 15.4 12 20 12 20z',
    )
    // The outline (every heart), then the filled heart (aria-pressed).
    expect(clipPaths(sheet('wishlist-heart.css'))).toEqual([
      heart(1 + halfStroke) + heart(1 - halfStroke),
      heart(1 + halfStroke),
    ])
  })
})
