import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { useLiveRefresh } from '@/lib/use-live-refresh'
import { refreshCatalogue, selectCatalogueStatus } from './catalogue-slice'

/**
 * An open store hears at once that staff changed the catalogue (the database broadcasts on the public
 * `catalogue` topic) and fetches it again, instead of waiting for its next check. Only pages that use
 * the catalogue open the socket; without one, the store's own checks still keep it current.
 */
export function CatalogueLive() {
  const dispatch = useAppDispatch()
  const inUse = useAppSelector(selectCatalogueStatus) !== 'idle'
  useLiveRefresh({
    topic: inUse ? 'catalogue' : null,
    bind: (channel, changed) => channel.on('broadcast', { event: 'changed' }, changed),
    onChange: () => void dispatch(refreshCatalogue()),
    fallbackMs: 0,
    // A refresh fetches the whole catalogue again: too much on every page's join over paid data, for a
    // change in the seconds before it that the store's own checks bring soon after.
    catchUpOnFirstJoin: false,
  })
  return null
}
