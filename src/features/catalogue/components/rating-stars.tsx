import type { CSSProperties } from 'react'
import './rating-stars.css'

/** Space between stars, in pixels (the stylesheet's paths set them this far apart). */
const gap = 2

const round = (value: number) => Math.round(value * 100) / 100

/**
 * Five stars filled to the rating, read out as 'Rated 4.5 out of 5', 12 pixels high on cards and 16 on the
 * product page. One element: its stylesheet cuts five stars out of a band that is gold up to
 * `--rating-fill` (whole stars plus part of the next). A listing's HTML holds 24 of these, so each is one
 * element, not an SVG of five.
 */
export function RatingStars({ rating, size }: { rating: number; size: 12 | 16 }) {
  const rounded = Math.round(rating * 10) / 10
  const filled = Math.max(0, Math.min(5, rating))
  const whole = Math.floor(filled)
  const style = {
    '--rating-fill': `${round(whole * (size + gap) + (filled - whole) * size)}px`,
  } as CSSProperties
  return (
    <span
      role="img"
      aria-label={`Rated ${rounded} out of 5`}
      className={`rating-stars rating-stars--${size}`}
      style={style}
    />
  )
}
