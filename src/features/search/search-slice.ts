import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { SearchResult } from './engine/types'

export type { SearchResult, SearchResultType } from './engine/types'

/** The search box and its dialog (spec §2, §4). Not persisted: a new visit starts with an empty box. */
export interface SearchState {
  query: string
  results: SearchResult[]
  /** The query the results belong to (the empty-state text quotes it). */
  resultsFor: string
  loading: boolean
  isOpen: boolean
}

export const initialSearchState: SearchState = {
  query: '',
  results: [],
  resultsFor: '',
  loading: false,
  isOpen: false,
}

export const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    openSearch(state) {
      state.isOpen = true
    },
    closeSearch(state) {
      state.isOpen = false
    },
    /** An empty query clears the results at once; any other query starts loading. */
    setSearchQuery(state, action: PayloadAction<string>) {
      state.query = action.payload
      if (action.payload.trim() === '') {
        state.results = []
        state.resultsFor = ''
        state.loading = false
      } else {
        state.loading = true
      }
    },
    searchFinished(state, action: PayloadAction<{ query: string; results: SearchResult[] }>) {
      if (action.payload.query !== state.query) return
      state.results = action.payload.results
      state.resultsFor = action.payload.query
      state.loading = false
    },
    /** The clear action: resets query and results and closes the box. Picking a result does the same. */
    clearSearch() {
      return initialSearchState
    },
  },
  selectors: {
    selectSearchQuery: (state) => state.query,
    selectSearchResults: (state) => state.results,
    selectSearchResultsFor: (state) => state.resultsFor,
    selectSearchLoading: (state) => state.loading,
    selectSearchOpen: (state) => state.isOpen,
  },
})

export const { openSearch, closeSearch, setSearchQuery, searchFinished, clearSearch } =
  searchSlice.actions
export const {
  selectSearchQuery,
  selectSearchResults,
  selectSearchResultsFor,
  selectSearchLoading,
  selectSearchOpen,
} = searchSlice.selectors

declare module '@/lib/app-state' {
  interface AppState {
    search: ReturnType<typeof searchSlice.reducer>
  }
}
