import { useEffect } from 'react'
import { NotFoundPage } from '@/components/not-found-page'
import { SearchBox } from '@/features/search/components/search-box'
import { pageTitle } from '@/lib/page-title'

/** The not-found page with the search box, so a lost shopper can search straight away. */
export function NotFoundScreen() {
  useEffect(() => {
    // No route matched, so no route head sets the title; name the page for tabs and screen readers.
    document.title = pageTitle('Page not found')
  }, [])
  return <NotFoundPage search={<SearchBox />} />
}
