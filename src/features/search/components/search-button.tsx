import { chakra } from '@chakra-ui/react/styled-system'
import { useAppDispatch } from '@/app/hooks'
import { SearchIcon } from '@/components/icons'
import { openSearch } from '../search-slice'
import { loadSearchDialog } from './load-search-dialog'

/** The header's search icon: opens the 'Search Fashion' dialog. */
export function SearchButton() {
  const dispatch = useAppDispatch()
  const prefetch = () => void loadSearchDialog()
  return (
    <chakra.button
      type="button"
      aria-label="Search"
      title="Search"
      aria-haspopup="dialog"
      onClick={() => dispatch(openSearch())}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="10"
      borderRadius="full"
      color="brand.ink"
      _hover={{ bg: 'brand.cream' }}
    >
      <SearchIcon size={22} />
    </chakra.button>
  )
}
