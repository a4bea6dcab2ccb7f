import { Box } from '@chakra-ui/react/box'
import {
  DialogBackdrop,
  DialogBody,
  DialogCloseTrigger,
  DialogContent,
  DialogHeader,
  DialogPositioner,
  DialogRoot,
  DialogTitle,
} from '@chakra-ui/react/dialog'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { Portal } from '@chakra-ui/react/portal'
import { Spinner } from '@chakra-ui/react/spinner'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { Link, useNavigate } from '@tanstack/react-router'
import { useRef, type KeyboardEvent } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/app-state'
import { CloseIcon, SearchIcon } from '@/components/icons'
import { useOverlayLayer } from '@/components/modal-layer'
import { VisuallyHidden } from '@/components/visually-hidden'
import { paths } from '@/config/paths'
import {
  clearSearch,
  closeSearch,
  selectSearchLoading,
  selectSearchOpen,
  selectSearchQuery,
  selectSearchResults,
  selectSearchResultsFor,
  setSearchQuery,
} from '../search-slice'
import { useSearchRunner } from '../use-search-runner'
import { getSearchService } from '../worker/search-service'
import { noteSearchClosed, noteSearchGone } from './load-search-dialog'
import { SearchResultItem } from './search-result-item'

const browseLinks = [
  { label: 'Women', to: paths.women },
  { label: 'Men', to: paths.men },
  { label: 'Shoes', to: paths.shoesStore },
  { label: 'Bags', to: paths.bagsStore },
  { label: 'Jewelry', to: paths.jewelryStore },
  { label: 'Watches', to: paths.luxuryWatches },
] as const

const suggestions = ['Dresses', 'Sneakers', 'Handbags', 'Kitenge', 'Rolex', 'Viatu'] as const

/** Moves focus through the result links with the arrow keys (and from the box into the list). */
function moveFocus(list: HTMLElement | null, step: 1 | -1, from?: Element | null) {
  const links = Array.from(list?.querySelectorAll<HTMLAnchorElement>('a[data-result]') ?? [])
  if (links.length === 0) return
  const index = from ? links.indexOf(from as HTMLAnchorElement) : -1
  const next = index < 0 ? (step === 1 ? 0 : links.length - 1) : index + step
  links[Math.max(0, Math.min(links.length - 1, next))]?.focus()
}

/** The 'Search Fashion' dialog: box, spinner, results by kind, or the empty text. */
export function SearchDialogView() {
  const dispatch = useAppDispatch()
  const open = useAppSelector(selectSearchOpen)
  const query = useAppSelector(selectSearchQuery)
  const results = useAppSelector(selectSearchResults)
  const resultsFor = useAppSelector(selectSearchResultsFor)
  const loading = useAppSelector(selectSearchLoading)
  const inputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  useSearchRunner(getSearchService())
  const navigate = useNavigate()
  // From the side menu's search box it opens above the menu, inside it (see modal-layer.ts).
  const layer = useOverlayLayer(open)

  const close = () => {
    noteSearchClosed()
    dispatch(closeSearch())
  }
  /** Picking a result, clearing or browsing: the search is reset and the dialog closes. */
  const reset = () => {
    noteSearchClosed()
    dispatch(clearSearch())
  }
  const onListKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    moveFocus(listRef.current, event.key === 'ArrowDown' ? 1 : -1, document.activeElement)
  }
  const hasQuery = query.trim() !== ''
  const showResults = hasQuery && resultsFor !== '' && results.length > 0
  const showEmpty = hasQuery && !loading && resultsFor !== '' && results.length === 0

  return (
    <DialogRoot
      open={open}
      onOpenChange={(details) => {
        if (!details.open) close()
      }}
      onExitComplete={noteSearchGone}
      placement="top"
      size="lg"
      initialFocusEl={() => inputRef.current}
    >
      <Portal key={layer.key} container={layer.container}>
        <DialogBackdrop bg="blackAlpha.600" />
        <DialogPositioner px={{ base: '2', md: '4' }}>
          <DialogContent
            my={{ base: '2', md: '16' }}
            borderRadius="none"
            borderTopWidth="3px"
            borderTopColor="brand.gold"
            bg="white"
          >
            <DialogHeader px={{ base: '4', md: '6' }} pt="5" pb="3" alignItems="center">
              <DialogTitle fontFamily="heading" fontSize="xl" fontWeight="normal">
                Search Fashion
              </DialogTitle>
              <DialogCloseTrigger
                asChild
                position="static"
                ms="auto"
                aria-label="Close search"
                title="Close"
              >
                <chakra.button
                  type="button"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  boxSize="10"
                  borderRadius="full"
                  _hover={{ bg: 'brand.cream' }}
                >
                  <CloseIcon size={20} />
                </chakra.button>
              </DialogCloseTrigger>
            </DialogHeader>
            <DialogBody px={{ base: '4', md: '6' }} pt="0" pb="6">
              <chakra.form
                role="search"
                onSubmit={(event) => {
                  event.preventDefault()
                  // Enter opens every match on the results page (the dialog shows the first few).
                  const q = query.trim()
                  if (!q) return
                  reset()
                  void navigate({ to: paths.search, search: { q } })
                }}
              >
                <Flex
                  align="center"
                  gap="2"
                  h="12"
                  px="3"
                  borderWidth="1px"
                  borderColor="brand.ink"
                  _focusWithin={{ boxShadow: '0 0 0 1px var(--chakra-colors-brand-ink)' }}
                >
                  <SearchIcon size={20} />
                  <chakra.input
                    ref={inputRef}
                    type="search"
                    aria-label="Search for fashion items"
                    placeholder="Search for fashion items..."
                    autoComplete="off"
                    enterKeyHint="search"
                    spellCheck={false}
                    value={query}
                    maxLength={120}
                    onChange={(event) => dispatch(setSearchQuery(event.target.value))}
                    onKeyDown={onListKey}
                    flex="1"
                    minW="0"
                    h="full"
                    bg="transparent"
                    outline="none"
                    fontSize="md"
                    css={{ '&::-webkit-search-cancel-button': { display: 'none' } }}
                  />
                  {loading ? (
                    <Box role="status" display="inline-flex">
                      <Spinner size="sm" color="brand.gold" />
                      <VisuallyHidden>Searching…</VisuallyHidden>
                    </Box>
                  ) : null}
                  {query ? (
                    <chakra.button
                      type="button"
                      aria-label="Clear search"
                      title="Clear search"
                      onClick={reset}
                      display="inline-flex"
                      alignItems="center"
                      justifyContent="center"
                      boxSize="8"
                      borderRadius="full"
                      color="brand.muted"
                      _hover={{ bg: 'brand.cream', color: 'brand.ink' }}
                    >
                      <CloseIcon size={16} />
                    </chakra.button>
                  ) : null}
                </Flex>
              </chakra.form>

              {showResults ? (
                <Box mt="5" onKeyDown={onListKey}>
                  <Heading
                    as="h3"
                    fontFamily="body"
                    fontSize="xs"
                    fontWeight="semibold"
                    letterSpacing="0.16em"
                    textTransform="uppercase"
                    color="brand.muted"
                    mb="2"
                  >
                    Search Results ({results.length})
                  </Heading>
                  <chakra.ul
                    ref={listRef}
                    listStyleType="none"
                    maxH="96"
                    overflowY="auto"
                    overscrollBehavior="contain"
                    mx="-2"
                    opacity={loading ? 0.6 : 1}
                  >
                    {results.map((result) => (
                      <li key={`${result.type}:${result.id}`}>
                        <SearchResultItem result={result} onPick={reset} />
                      </li>
                    ))}
                  </chakra.ul>
                </Box>
              ) : null}

              {showEmpty ? (
                <Box mt="6" textAlign="center" py="4">
                  <Text fontWeight="semibold">No results found for &quot;{resultsFor}&quot;</Text>
                  <Text color="brand.muted" fontSize="sm" mt="1">
                    Try different keywords or browse our categories
                  </Text>
                  <Flex wrap="wrap" gap="2" justify="center" mt="4">
                    {browseLinks.map((link) => (
                      <Link key={link.to} to={link.to} onClick={reset}>
                        <chakra.span {...chipStyle}>{link.label}</chakra.span>
                      </Link>
                    ))}
                  </Flex>
                </Box>
              ) : null}

              {!hasQuery ? (
                <Box mt="5">
                  <Text
                    fontSize="xs"
                    fontWeight="semibold"
                    letterSpacing="0.16em"
                    textTransform="uppercase"
                    color="brand.muted"
                  >
                    Popular searches
                  </Text>
                  <Flex wrap="wrap" gap="2" mt="3">
                    {suggestions.map((word) => (
                      <chakra.button
                        key={word}
                        type="button"
                        onClick={() => {
                          dispatch(setSearchQuery(word))
                          inputRef.current?.focus()
                        }}
                        {...chipStyle}
                      >
                        {word}
                      </chakra.button>
                    ))}
                  </Flex>
                </Box>
              ) : null}
            </DialogBody>
          </DialogContent>
        </DialogPositioner>
      </Portal>
    </DialogRoot>
  )
}

const chipStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  minH: '9',
  px: '4',
  borderWidth: '1px',
  borderColor: 'brand.line',
  fontSize: 'sm',
  color: 'brand.ink',
  bg: 'white',
  _hover: { borderColor: 'brand.ink' },
} as const
