import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { browseLinks } from './browse-links'
import './empty-listing.css'
import './listing-shared.css'

/** Nothing to list: the filters exclude everything, the collection is empty, or it does not exist. */
export function EmptyListing({
  title,
  text,
  action,
}: {
  title: string
  text: string
  action?: ReactNode
}) {
  return (
    <div className="empty-listing">
      <h2 className="listing-heading">{title}</h2>
      <p className="empty-listing__text">{text}</p>
      {action ? <div className="empty-listing__action">{action}</div> : null}
      <ul className="empty-listing__links">
        {browseLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>
              <span className="empty-listing__link">{link.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
