import { VisuallyHidden } from './visually-hidden'
import './page-loading.css'

/**
 * The fallback while a lazily loaded page arrives: a thin gold line that sweeps under the header, with
 * room reserved below it so the page does not jump when it lands.
 */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite" aria-label="Loading page">
      <div className="page-loading__track">
        <span className="page-loading__sweep" />
      </div>
      <VisuallyHidden>Loading page</VisuallyHidden>
    </div>
  )
}
