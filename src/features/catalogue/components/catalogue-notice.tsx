import { WifiOffIcon } from '@/components/icons'
import type { CatalogueView } from '../use-catalogue'
import './catalogue-notice.css'
import './listing-shared.css'

/** Why there is nothing to show: offline with no saved copy, or the catalogue failed to load. */
export function CatalogueProblem({ catalogue }: { catalogue: CatalogueView }) {
  const offline = catalogue.status === 'offline-empty'
  return (
    <div role="alert" className="catalogue-problem">
      <div className="catalogue-problem__icon">
        <WifiOffIcon size={32} />
      </div>
      <h2 className="listing-heading listing-heading--xl">
        {offline ? 'You are offline' : 'The shop could not be loaded'}
      </h2>
      <p className="catalogue-problem__text">
        {offline
          ? 'Products appear here once you are back online; after that they stay on this device for offline browsing.'
          : 'Something went wrong while loading the products. Please try again.'}
      </p>
      <button type="button" onClick={catalogue.retry} className="catalogue-problem__retry">
        Try again
      </button>
    </div>
  )
}

/** A quiet line when the products shown are the saved copy and the network could not confirm them. */
export function StaleNotice({ catalogue }: { catalogue: CatalogueView }) {
  if (!catalogue.stale || catalogue.status !== 'ready') return null
  return (
    <p role="status" className="stale-notice">
      <WifiOffIcon size={14} />
      Showing products saved on this device; prices and stock are confirmed at checkout.
    </p>
  )
}
