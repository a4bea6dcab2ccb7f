import { useState, type ReactNode } from 'react'
import { useAppSelector } from '@/lib/app-state'
import { money } from '@/config/site'
import { selectCurrency } from '@/features/currency/currency-slice'
import { formatPrice, kesToUsd, type Currency } from '@/lib/money'
import type { Facets } from '../listing/filter-products'
import { joinList, splitList, type ListingSearch } from '../listing/listing-search'
import { swatchFor } from './colour-swatch'
import './filter-panel.css'

export interface FilterPanelProps {
  facets: Facets
  search: ListingSearch
  onChange: (next: ListingSearch) => void
  /** The 'Category' group's heading: categories or, inside one category, its kinds. */
  categoryHeading: string
  /** Distinguishes the sidebar's inputs from the drawer's (ids must be unique on the page). */
  idPrefix: string
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="filter-group">
      <legend className="filter-group__legend">{title}</legend>
      <div className="filter-group__body">{children}</div>
    </fieldset>
  )
}

function CheckRow({
  label,
  count,
  checked,
  onToggle,
  type = 'checkbox',
  name,
}: {
  label: ReactNode
  count?: number
  checked: boolean
  onToggle: () => void
  type?: 'checkbox' | 'radio'
  name?: string
}) {
  return (
    <label className="filter-row">
      <input
        type={type}
        name={name}
        checked={checked}
        onChange={onToggle}
        className="filter-row__input"
      />
      <span className="filter-row__label">{label}</span>
      {count !== undefined ? <span className="filter-row__count">{count}</span> : null}
    </label>
  )
}

function toggleIn(list: string | undefined, value: string): string | undefined {
  const items = splitList(list)
  return joinList(
    items.includes(value) ? items.filter((item) => item !== value) : [...items, value],
  )
}

function toShown(kes: number | undefined, currency: Currency): string {
  if (kes === undefined) return ''
  return String(currency === 'USD' ? kesToUsd(kes) : kes)
}

function toKes(shown: string, currency: Currency): number | undefined {
  if (shown.trim() === '') return undefined
  const value = Number(shown)
  if (!Number.isFinite(value) || value < 0) return undefined
  return Math.round(currency === 'USD' ? value * money.kesPerUsd : value)
}

function PriceRange({
  search,
  facets,
  onChange,
  idPrefix,
}: Pick<FilterPanelProps, 'search' | 'facets' | 'onChange' | 'idPrefix'>) {
  const currency = useAppSelector(selectCurrency)
  const [min, setMin] = useState(() => toShown(search.min, currency))
  const [max, setMax] = useState(() => toShown(search.max, currency))
  const [shownFor, setShownFor] = useState({ min: search.min, max: search.max, currency })
  if (
    shownFor.min !== search.min ||
    shownFor.max !== search.max ||
    shownFor.currency !== currency
  ) {
    // The URL or the currency changed elsewhere (Clear filters, the header toggle): show it.
    setShownFor({ min: search.min, max: search.max, currency })
    setMin(toShown(search.min, currency))
    setMax(toShown(search.max, currency))
  }
  const unit = currency === 'USD' ? 'USD' : 'KSH'
  const apply = () => {
    const next: ListingSearch = { ...search, page: undefined, min: toKes(min, currency) }
    next.max = toKes(max, currency)
    if (next.min !== undefined && next.max !== undefined && next.min > next.max) {
      ;[next.min, next.max] = [next.max, next.min]
    }
    if (!next.min) delete next.min
    if (next.max === undefined) delete next.max
    onChange(next)
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        apply()
      }}
    >
      <div className="filter-price__fields">
        <div className="filter-price__field">
          <label htmlFor={`${idPrefix}-min`} className="filter-price__label">
            Min ({unit})
          </label>
          <input
            id={`${idPrefix}-min`}
            type="number"
            inputMode="numeric"
            min={0}
            className="filter-price__input"
            placeholder={toShown(facets.prices.min, currency)}
            value={min}
            onChange={(event) => setMin(event.target.value)}
          />
        </div>
        <div className="filter-price__field">
          <label htmlFor={`${idPrefix}-max`} className="filter-price__label">
            Max ({unit})
          </label>
          <input
            id={`${idPrefix}-max`}
            type="number"
            inputMode="numeric"
            min={0}
            className="filter-price__input"
            placeholder={toShown(facets.prices.max, currency)}
            value={max}
            onChange={(event) => setMax(event.target.value)}
          />
        </div>
      </div>
      <div className="filter-price__foot">
        <p className="filter-price__range">
          {formatPrice(facets.prices.min, currency)} – {formatPrice(facets.prices.max, currency)}
        </p>
        <button type="submit" className="filter-price__apply">
          Apply price
        </button>
      </div>
    </form>
  )
}

const brandsShownAtFirst = 8

/** The listing's filters: category, brand, size, colour, price and offers. Changes apply at once. */
export function FilterPanel({
  facets,
  search,
  onChange,
  categoryHeading,
  idPrefix,
}: FilterPanelProps) {
  const [allBrands, setAllBrands] = useState(false)
  const update = (changes: Partial<ListingSearch>) => {
    const next: ListingSearch = { ...search, ...changes }
    delete next.page
    for (const key of Object.keys(next) as (keyof ListingSearch)[]) {
      if (next[key] === undefined) delete next[key]
    }
    onChange(next)
  }
  const brands = allBrands ? facets.brands : facets.brands.slice(0, brandsShownAtFirst)
  const sizes = splitList(search.size)
  const colors = splitList(search.color)
  const chosenBrands = splitList(search.brand)

  return (
    <div>
      {facets.categories.length > 1 || search.category ? (
        <Group title={categoryHeading}>
          <CheckRow
            type="radio"
            name={`${idPrefix}-category`}
            label="All"
            checked={!search.category}
            onToggle={() => update({ category: undefined })}
          />
          {facets.categories.map((option) => (
            <CheckRow
              key={option.value}
              type="radio"
              name={`${idPrefix}-category`}
              label={option.label}
              count={option.count}
              checked={search.category === option.value}
              onToggle={() => update({ category: option.value })}
            />
          ))}
        </Group>
      ) : null}

      {facets.brands.length > 1 || chosenBrands.length > 0 ? (
        <Group title="Brand">
          {brands.map((option) => (
            <CheckRow
              key={option.value}
              label={option.label}
              count={option.count}
              checked={chosenBrands.includes(option.value)}
              onToggle={() => update({ brand: toggleIn(search.brand, option.value) })}
            />
          ))}
          {facets.brands.length > brandsShownAtFirst ? (
            <button
              type="button"
              onClick={() => setAllBrands(!allBrands)}
              aria-expanded={allBrands}
              className="filter-more"
            >
              {allBrands ? 'Show fewer brands' : `Show all ${facets.brands.length} brands`}
            </button>
          ) : null}
        </Group>
      ) : null}

      {facets.sizes.length > 1 || sizes.length > 0 ? (
        <Group title="Size">
          <div className="filter-sizes">
            {facets.sizes.map((option) => {
              const checked = sizes.includes(option.value)
              return (
                <label
                  key={option.value}
                  className={checked ? 'filter-size filter-size--checked' : 'filter-size'}
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => update({ size: toggleIn(search.size, option.value) })}
                    className="filter-size__input"
                  />
                  {option.label}
                </label>
              )
            })}
          </div>
        </Group>
      ) : null}

      {facets.colors.length > 1 || colors.length > 0 ? (
        <Group title="Colour">
          {facets.colors.map((option) => (
            <CheckRow
              key={option.value}
              label={
                <span className="filter-colour">
                  <span
                    aria-hidden="true"
                    className="filter-colour__swatch"
                    style={{ background: swatchFor(option.value) }}
                  />
                  {option.label}
                </span>
              }
              count={option.count}
              checked={colors.includes(option.value)}
              onToggle={() => update({ color: toggleIn(search.color, option.value) })}
            />
          ))}
        </Group>
      ) : null}

      <Group title="Price">
        <PriceRange search={search} facets={facets} onChange={onChange} idPrefix={idPrefix} />
      </Group>

      <Group title="Offers">
        <CheckRow
          label="On sale"
          checked={search.sale === true}
          onToggle={() => update({ sale: search.sale ? undefined : true })}
        />
        <CheckRow
          label="New arrivals"
          checked={search.new === true}
          onToggle={() => update({ new: search.new ? undefined : true })}
        />
      </Group>
    </div>
  )
}
