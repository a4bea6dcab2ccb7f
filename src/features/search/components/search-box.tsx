import { chakra } from '@chakra-ui/react/styled-system'
import { useAppDispatch } from '@/lib/app-state'
import { SearchIcon } from '@/components/icons'
import { openSearch } from '../search-slice'
import { isFocusReturning, loadSearchDialog } from './load-search-dialog'

/**
 * The side menu's search box. Focusing it opens the search dialog (spec §2), where the typing happens;
 * it never holds text itself.
 */
export function SearchBox() {
  const dispatch = useAppDispatch()
  return (
    <chakra.label
      display="flex"
      alignItems="center"
      gap="2"
      h="11"
      px="3"
      borderWidth="1px"
      borderColor="brand.line"
      bg="brand.cream"
      color="brand.muted"
      cursor="text"
      _focusWithin={{ borderColor: 'brand.ink' }}
    >
      <SearchIcon size={18} />
      <chakra.input
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
        flex="1"
        minW="0"
        bg="transparent"
        outline="none"
        fontSize="sm"
        color="brand.ink"
        _placeholder={{ color: 'brand.muted' }}
      />
    </chakra.label>
  )
}
