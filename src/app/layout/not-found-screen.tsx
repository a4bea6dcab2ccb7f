import { NotFoundPage } from '@/components/not-found-page'
import { SearchBox } from '@/features/search/components/search-box'

/** The not-found page with the search box, so a lost shopper can search straight away. */
export function NotFoundScreen() {
  return <NotFoundPage search={<SearchBox />} />
}
