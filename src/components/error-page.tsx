import { buttonLinkClass } from './button-link'
import './message-page.css'

/**
 * The generic page for an uncaught rendering error. It uses plain elements and a full page
 * load, not the router, because the router itself may be what failed.
 */
export function ErrorPage({ error }: { error?: unknown }) {
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : undefined
  return (
    <div role="alert" className="message-page">
      <h1 className="message-page__title">Unexpected Application Error!</h1>
      <p className="message-page__text">
        Something went wrong while showing this page. Your cart and wishlist are safe on this
        device.
      </p>
      {detail ? <pre className="message-page__detail">{detail}</pre> : null}
      <div className="message-page__actions">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={buttonLinkClass('solid')}
        >
          Reload page
        </button>
        <a href="/" className={buttonLinkClass('outline')}>
          Go to home
        </a>
      </div>
    </div>
  )
}
