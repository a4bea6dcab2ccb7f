import type { ReactNode } from 'react'
import './home-sections.css'

/** An eyebrow, a serif heading and an optional line of text, the opening of each home section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
  tone = 'dark',
}: {
  id: string
  eyebrow?: string
  title: string
  children?: ReactNode
  align?: 'center' | 'start'
  tone?: 'dark' | 'light'
}) {
  const className = `section-heading--${align}${tone === 'light' ? ' section-heading--light' : ''}`
  return (
    <div className={className}>
      {eyebrow ? <p className="section-heading__eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="section-heading__title">
        {title}
      </h2>
      {children ? <p className="section-heading__text">{children}</p> : null}
    </div>
  )
}

/** A product illustration below the fold: fixed box, lazy, decorative (the tile's text names it). */
export function Illustration({ src, priority = false }: { src: string; priority?: boolean }) {
  return (
    <img
      className="home-illustration"
      src={src}
      alt=""
      width={400}
      height={500}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
    />
  )
}
