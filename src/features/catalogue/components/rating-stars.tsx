import { useId } from 'react'
import './rating-stars.css'

/** The star of the icon set (24-unit grid), drawn from its top point with relative steps. */
const star = 'l2.6 5.4 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z'

/** Space between stars, in pixels. */
const gap = 2

const round = (value: number) => Math.round(value * 100) / 100

/**
 * Five stars filled to the rating, read out as 'Rated 4.5 out of 5'. One SVG: the five stars in the line
 * colour, and the same stars in gold clipped to the rating (whole stars plus part of the next).
 */
export function RatingStars({ rating, size = 14 }: { rating: number; size?: number }) {
  const clipId = useId()
  const rounded = Math.round(rating * 10) / 10
  const step = round(24 + (gap * 24) / size)
  const filled = Math.max(0, Math.min(5, rating))
  const whole = Math.floor(filled)
  const clipWidth = round(whole * step + (filled - whole) * 24)
  const stars = [0, 1, 2, 3, 4].map((index) => `M${round(12 + index * step)} 3.5${star}`).join('')
  return (
    <svg
      role="img"
      aria-label={`Rated ${rounded} out of 5`}
      className="rating-stars"
      width={5 * size + 4 * gap}
      height={size}
      viewBox={`0 0 ${round(4 * step + 24)} 24`}
      focusable="false"
    >
      <clipPath id={clipId}>
        <rect width={clipWidth} height="24" />
      </clipPath>
      <path className="rating-stars__empty" d={stars} />
      <path className="rating-stars__filled" d={stars} clipPath={`url(#${clipId})`} />
    </svg>
  )
}
