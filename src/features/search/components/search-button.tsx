import { useAppDispatch } from '@/lib/app-state'
import { headerIconClass } from '@/components/header/header-icon'
import { SearchIcon } from '@/components/icons'
import { openSearch } from '../search-slice'
import { loadSearchDialog } from './load-search-dialog'

/** The header's search icon: opens the 'Search Fashion' dialog. */
export function SearchButton() {
  const dispatch = useAppDispatch()
  const prefetch = () => void loadSearchDialog()
  return (
    <button
      type="button"
      aria-label="Search"
      title="Search"
      aria-haspopup="dialog"
      onClick={() => dispatch(openSearch())}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      className={headerIconClass}
    >
      <SearchIcon size={22} />
    </button>
  )
}
