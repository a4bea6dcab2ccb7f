import type { ReactNode } from 'react'
import './content-layout.css'

/**
 * The frame of every editorial page: a readable column (about 70 characters a line, full width on a
 * 360 px phone), one h1 with an optional eyebrow and lead paragraph, then the page's own sections.
 * Plain elements with a static stylesheet (content-layout.css), so these pages need no style runtime.
 */
export function ContentPage({
  eyebrow,
  title,
  lead,
  wide = false,
  children,
}: {
  eyebrow?: string
  title: string
  lead?: ReactNode
  /** Tables and card grids get a wider column. */
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div className={wide ? 'content-page content-page--wide' : 'content-page'}>
      <header className="content-page__header">
        {eyebrow ? <p className="content-page__eyebrow">{eyebrow}</p> : null}
        <h1 className="content-page__title">{title}</h1>
        {lead ? <p className="content-page__lead">{lead}</p> : null}
      </header>
      {children}
    </div>
  )
}

/**
 * Long-form text: plain semantic tags (h2, h3, p, ul, ol, a) styled in one place. `className` adds the
 * page's own spacing around the block.
 */
export function Prose({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className ? `prose ${className}` : 'prose'}>{children}</div>
}

/** A section with its h2, so every page has a clear outline for screen readers. */
export function Section({
  title,
  id,
  children,
}: {
  title: string
  id?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
      {children}
    </section>
  )
}
