import { OptionalPart, useWantedOnce } from '@/components/optional-part'
import { inChakraScope } from '@/components/ui/chakra-part'
import { useAppSelector } from '@/lib/app-state'
import { selectSearchOpen } from '../search-slice'
import { loadSearchDialog } from './load-search-dialog'

const loadView = inChakraScope(() => loadSearchDialog().then((module) => module.SearchDialogView))
const noProps = {}

/**
 * The 'Search Fashion' dialog, rendered once by the shell. Nothing of it is on the first route: its code
 * is fetched when the browser is idle or when it first opens.
 */
export function SearchDialog() {
  const wanted = useWantedOnce(useAppSelector(selectSearchOpen), loadSearchDialog)
  if (!wanted) return null
  return <OptionalPart load={loadView} props={noProps} />
}
