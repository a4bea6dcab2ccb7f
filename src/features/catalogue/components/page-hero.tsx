import { Link } from '@tanstack/react-router'
import { Fragment, type ReactNode } from 'react'
import './listing-shared.css'
import './page-hero.css'

export interface Crumb {
  label: string
  to?: string
}

/**
 * Breadcrumbs, an eyebrow, the page's h1 and a line of introduction. Plain elements with a static
 * stylesheet (page-hero.css): it is the first thing every listing, store and brand page paints.
 */
export function PageHero({
  title,
  eyebrow,
  intro,
  crumbs = [],
  children,
}: {
  title: ReactNode
  eyebrow?: string
  intro?: ReactNode
  crumbs?: Crumb[]
  children?: ReactNode
}) {
  return (
    <div className="page-hero">
      <div className="listing-container page-hero__inner">
        {crumbs.length > 0 ? (
          <nav aria-label="Breadcrumb" className="page-hero__crumbs">
            <ol className="page-hero__crumb-list">
              {crumbs.map((crumb, index) => (
                <Fragment key={`${crumb.label}-${index}`}>
                  {index > 0 ? (
                    <li aria-hidden="true" className="page-hero__crumb-separator">
                      /
                    </li>
                  ) : null}
                  <li>
                    {crumb.to ? (
                      <Link to={crumb.to}>
                        <span className="page-hero__crumb-link">{crumb.label}</span>
                      </Link>
                    ) : (
                      <span aria-current="page" className="page-hero__crumb-current">
                        {crumb.label}
                      </span>
                    )}
                  </li>
                </Fragment>
              ))}
            </ol>
          </nav>
        ) : null}
        {eyebrow ? <p className="page-hero__eyebrow">{eyebrow}</p> : null}
        <h1 className="page-hero__title">{title}</h1>
        {intro ? <p className="page-hero__intro">{intro}</p> : null}
        {children}
      </div>
    </div>
  )
}
