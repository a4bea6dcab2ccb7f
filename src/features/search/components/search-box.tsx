import { useAppDispatch } from '@/lib/app-state'
import { SearchIcon } from '@/components/icons'
import { openSearch } from '../search-slice'
import { isFocusReturning, loadSearchDialog } from './load-search-dialog'
import './search-box.css'

/**
 * The side menu's search box. Focusing it opens the search dialog, where the typing happens;
 * it never holds text itself.
 */
export function SearchBox() {
  const dispatch = useAppDispatch()
  return (
    <label className="search-box">
      <SearchIcon size={18} />
      <input
        className="search-box__input"
        type="search"
        readOnly
        value=""
        aria-label="Search the store"
        aria-haspopup="dialog"
        placeholder="Search for fashion items..."
        onPointerEnter={() => void loadSearchDialog()}
        onFocus={() => {
          if (!isFocusReturning()) dispatch(openSearch())
        }}
        onClick={() => dispatch(openSearch())}
      />
    </label>
  )
}
