import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system'
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react'
import { SearchIcon } from '@/components/icons'
import type { Remote } from '@/lib/use-remote'
import { EmptyState, ErrorState, Label, LoadingState, Pager, Table, TableScroll } from './admin-ui'

/**
 * What the paged admin lists (products, transactions) share: filters kept in the address, a search box
 * that searches as the user types, and the results with their loading, error, empty and paging states.
 */

type SearchNavigate<S> = (options: { search: (prev: S) => S; replace: boolean }) => Promise<void>

/**
 * Changes the list's search in the address. Filters replace the history entry and go back to page 1;
 * paging and opening a detail (`keepPage`) add entries, so the back button steps through them.
 */
export function useListSearch<S extends { page?: number }>(navigate: SearchNavigate<S>) {
  return useCallback(
    (changes: Partial<S>, keepPage = false) =>
      void navigate({
        search: (prev) => ({ ...prev, ...changes, ...(keepPage ? {} : { page: undefined }) }),
        replace: !keepPage,
      }),
    [navigate],
  )
}

/** The list's text search: it searches once the user pauses typing, or at once on Enter. */
export function ListSearch({
  id,
  label,
  placeholder,
  value,
  onSearch,
  gridColumn,
}: {
  id: string
  label: string
  placeholder: string
  /** The search in the address. */
  value: string | undefined
  onSearch: (q: string | undefined) => void
  gridColumn: HTMLChakraProps<'form'>['gridColumn']
}) {
  const [text, setText] = useState(value ?? '')
  const [shown, setShown] = useState(value ?? '')
  // The address changed under us (back button, a link): show its search.
  if ((value ?? '') !== shown) {
    setShown(value ?? '')
    setText(value ?? '')
  }
  const search = useEffectEvent((q: string) => onSearch(q || undefined))

  useEffect(() => {
    if (text.trim() === (value ?? '')) return
    const timer = setTimeout(() => search(text.trim()), 350)
    return () => clearTimeout(timer)
  }, [text, value])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSearch(text.trim() || undefined)
  }

  return (
    <chakra.form role="search" onSubmit={onSubmit} gridColumn={gridColumn}>
      <Label htmlFor={id}>{label}</Label>
      <Box position="relative">
        <chakra.span position="absolute" insetStart="3" top="2.5" color="brand.muted">
          <SearchIcon size={18} />
        </chakra.span>
        <Input
          id={id}
          type="search"
          ps="10"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
        />
      </Box>
    </chakra.form>
  )
}

/**
 * One page of results as a table, with the pager under it. The last page stays on screen, dimmed, while
 * the next one loads.
 */
export function PagedResults<Row>({
  query,
  loadingLabel,
  empty,
  tableLabel,
  pager,
  children,
}: {
  query: Remote<{ rows: Row[]; count: number }>
  loadingLabel: string
  empty: ReactNode
  tableLabel: string
  pager: { label: string; page: number; pageSize: number; onPage: (page: number) => void }
  /** The table's head and body for the rows. */
  children: (rows: Row[]) => ReactNode
}) {
  const page = query.data ?? query.previous
  return (
    <>
      {query.error ? <ErrorState message={query.error} onRetry={query.reload} /> : null}
      {!page && !query.error ? <LoadingState label={loadingLabel} /> : null}
      {page ? (
        <Box opacity={query.loading ? 0.6 : 1} aria-busy={query.loading} mt="4">
          {page.rows.length === 0 ? (
            <EmptyState>{empty}</EmptyState>
          ) : (
            <TableScroll label={tableLabel}>
              <Table>{children(page.rows)}</Table>
            </TableScroll>
          )}
          <Pager {...pager} count={page.count} />
        </Box>
      ) : null}
    </>
  )
}
