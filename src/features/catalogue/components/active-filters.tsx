import { CloseIcon } from '@/components/icons'
import { splitList, withoutFilters, type ListingSearch } from '../listing/listing-search'
import { titleFromSlug } from '../listing/presets'
import './active-filters.css'

/** The filters in force as removable chips, and 'Clear all'. */
export function ActiveFilters({
  search,
  onChange,
}: {
  search: ListingSearch
  onChange: (next: ListingSearch) => void
}) {
  const chips: { label: string; next: ListingSearch }[] = []
  const without = (changes: Partial<ListingSearch>): ListingSearch => {
    const next: ListingSearch = { ...search, ...changes }
    delete next.page
    for (const key of Object.keys(next) as (keyof ListingSearch)[]) {
      if (next[key] === undefined) delete next[key]
    }
    return next
  }
  if (search.category) {
    chips.push({ label: titleFromSlug(search.category), next: without({ category: undefined }) })
  }
  for (const key of ['brand', 'size', 'color'] as const) {
    const values = splitList(search[key])
    for (const value of values) {
      const rest = values.filter((item) => item !== value)
      chips.push({
        label: value,
        next: without({ [key]: rest.length ? rest.join(',') : undefined }),
      })
    }
  }
  if (search.min !== undefined || search.max !== undefined) {
    chips.push({ label: 'Price range', next: without({ min: undefined, max: undefined }) })
  }
  if (search.sale) chips.push({ label: 'On sale', next: without({ sale: undefined }) })
  if (search.new) chips.push({ label: 'New arrivals', next: without({ new: undefined }) })
  if (chips.length === 0) return null
  return (
    <ul className="active-filters" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.label}>
          <button
            type="button"
            aria-label={`Remove filter: ${chip.label}`}
            onClick={() => onChange(chip.next)}
            className="active-filters__chip"
          >
            {chip.label}
            <CloseIcon size={12} />
          </button>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={() => onChange(withoutFilters(search))}
          className="active-filters__clear"
        >
          Clear all
        </button>
      </li>
    </ul>
  )
}
