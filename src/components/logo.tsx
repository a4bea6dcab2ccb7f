import { store } from '@/config/site'
import './logo.css'

export type LogoVariant = 'full' | 'compact' | 'responsive'

export interface LogoProps {
  /** `responsive`: the compact mark on phones, the full name from the `sm` breakpoint up. */
  variant?: LogoVariant
  /** `light` for dark backgrounds. */
  tone?: 'dark' | 'light'
  size?: 'sm' | 'md' | 'lg'
  /** How the tagline lines up under the name in the full form. */
  align?: 'center' | 'start'
}

/** The compact mark: the initials in a fine gold-ruled square. */
function Mark() {
  return (
    <span className="logo__mark" aria-hidden="true">
      {store.shortName}
    </span>
  )
}

/** The full logo: the store name over the tagline. */
function Wordmark() {
  return (
    <span className="logo__wordmark">
      <span className="logo__name">{store.name}</span>
      <span className="logo__tagline">{store.tagline}</span>
    </span>
  )
}

/**
 * The store's logo in its two forms: the full name with the tagline, and the compact "LK" mark.
 * The accessible name is always the store name, whichever form is drawn. Sizes and tones are classes of a
 * static stylesheet.
 */
export function Logo({
  variant = 'full',
  tone = 'dark',
  size = 'md',
  align = 'center',
}: LogoProps) {
  const className = `logo logo--${size} logo--${tone} logo--${align}`
  if (variant === 'compact') {
    return (
      <span role="img" aria-label={store.name} className={className}>
        <Mark />
      </span>
    )
  }
  if (variant === 'full') {
    return (
      <span role="img" aria-label={`${store.name}, ${store.tagline}`} className={className}>
        <Wordmark />
      </span>
    )
  }
  return (
    <span role="img" aria-label={store.name} className={className}>
      <span className="logo__narrow">
        <Mark />
      </span>
      <span className="logo__wide" aria-hidden="true">
        <Wordmark />
      </span>
    </span>
  )
}
