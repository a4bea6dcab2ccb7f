import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { buttonLinkClass } from './button-link'
import './message-page.css'

/** Any path the app does not know. `search` is the search box, passed in by the shell. */
export function NotFoundPage({ search }: { search?: ReactNode }) {
  return (
    <div className="message-page">
      <p className="message-page__eyebrow">404</p>
      <h1 className="message-page__title">Page not found</h1>
      <p className="message-page__text">
        The page you are looking for has moved or no longer exists. Try a search, or start again
        from our home page.
      </p>
      {search ? <div className="message-page__search">{search}</div> : null}
      <div className="message-page__actions">
        <Link to="/">
          <span className={buttonLinkClass('solid')}>Back to home</span>
        </Link>
        <Link to="/products">
          <span className={buttonLinkClass('outline')}>Browse all products</span>
        </Link>
      </div>
    </div>
  )
}
