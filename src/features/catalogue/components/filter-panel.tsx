import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { useState, type ReactNode } from 'react'
import { useAppSelector } from '@/lib/app-state'
import { money } from '@/config/site'
import { selectCurrency } from '@/features/currency/currency-slice'
import { formatPrice, kesToUsd, type Currency } from '@/lib/money'
import type { Facets } from '../listing/filter-products'
import { joinList, splitList, type ListingSearch } from '../listing/listing-search'
import { swatchFor } from './colour-swatch'

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
    <chakra.fieldset borderTopWidth="1px" borderColor="brand.line" py="5" minW="0">
      <chakra.legend
        float="left"
        w="full"
        mb="3"
        fontSize="xs"
        fontWeight="semibold"
        letterSpacing="0.16em"
        textTransform="uppercase"
        color="brand.ink"
      >
        {title}
      </chakra.legend>
      <Box clear="both">{children}</Box>
    </chakra.fieldset>
  )
}

const checkStyle = {
  accentColor: 'var(--chakra-colors-brand-ink)',
  boxSize: '4',
  flexShrink: 0,
} as const

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
    <chakra.label
      display="flex"
      alignItems="center"
      gap="2.5"
      minH="9"
      cursor="pointer"
      fontSize="sm"
    >
      <chakra.input
        type={type}
        name={name}
        checked={checked}
        onChange={onToggle}
        css={checkStyle}
      />
      <chakra.span flex="1" minW="0">
        {label}
      </chakra.span>
      {count !== undefined ? (
        <chakra.span color="brand.muted" fontSize="xs">
          {count}
        </chakra.span>
      ) : null}
    </chakra.label>
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
  const input = {
    type: 'number',
    inputMode: 'numeric',
    min: 0,
    w: 'full',
    h: '10',
    px: '3',
    borderWidth: '1px',
    borderColor: 'brand.line',
    fontSize: 'sm',
    _focusVisible: { borderColor: 'brand.ink' },
  } as const
  return (
    <chakra.form
      onSubmit={(event) => {
        event.preventDefault()
        apply()
      }}
    >
      <Flex gap="2" align="end">
        <Box flex="1">
          <chakra.label htmlFor={`${idPrefix}-min`} fontSize="xs" color="brand.muted">
            Min ({unit})
          </chakra.label>
          <chakra.input
            id={`${idPrefix}-min`}
            {...input}
            placeholder={toShown(facets.prices.min, currency)}
            value={min}
            onChange={(event) => setMin(event.target.value)}
          />
        </Box>
        <Box flex="1">
          <chakra.label htmlFor={`${idPrefix}-max`} fontSize="xs" color="brand.muted">
            Max ({unit})
          </chakra.label>
          <chakra.input
            id={`${idPrefix}-max`}
            {...input}
            placeholder={toShown(facets.prices.max, currency)}
            value={max}
            onChange={(event) => setMax(event.target.value)}
          />
        </Box>
      </Flex>
      <Flex justify="space-between" align="center" mt="2">
        <Text fontSize="xs" color="brand.muted">
          {formatPrice(facets.prices.min, currency)} – {formatPrice(facets.prices.max, currency)}
        </Text>
        <chakra.button
          type="submit"
          fontSize="xs"
          fontWeight="semibold"
          letterSpacing="0.12em"
          textTransform="uppercase"
          textDecoration="underline"
          textUnderlineOffset="3px"
          minH="9"
        >
          Apply price
        </chakra.button>
      </Flex>
    </chakra.form>
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
    <Box>
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
            <chakra.button
              type="button"
              onClick={() => setAllBrands(!allBrands)}
              aria-expanded={allBrands}
              fontSize="sm"
              textDecoration="underline"
              textUnderlineOffset="3px"
              mt="1"
            >
              {allBrands ? 'Show fewer brands' : `Show all ${facets.brands.length} brands`}
            </chakra.button>
          ) : null}
        </Group>
      ) : null}

      {facets.sizes.length > 1 || sizes.length > 0 ? (
        <Group title="Size">
          <Flex wrap="wrap" gap="2">
            {facets.sizes.map((option) => {
              const checked = sizes.includes(option.value)
              return (
                <chakra.label
                  key={option.value}
                  position="relative"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  minW="11"
                  minH="10"
                  px="2.5"
                  borderWidth="1px"
                  borderColor={checked ? 'brand.ink' : 'brand.line'}
                  bg={checked ? 'brand.ink' : 'white'}
                  color={checked ? 'white' : 'brand.ink'}
                  fontSize="xs"
                  cursor="pointer"
                  _focusWithin={{ outline: '2px solid', outlineColor: 'brand.gold' }}
                >
                  <chakra.input
                    type="checkbox"
                    checked={checked}
                    onChange={() => update({ size: toggleIn(search.size, option.value) })}
                    position="absolute"
                    opacity="0"
                    inset="0"
                    cursor="pointer"
                  />
                  {option.label}
                </chakra.label>
              )
            })}
          </Flex>
        </Group>
      ) : null}

      {facets.colors.length > 1 || colors.length > 0 ? (
        <Group title="Colour">
          {facets.colors.map((option) => (
            <CheckRow
              key={option.value}
              label={
                <Flex as="span" align="center" gap="2">
                  <chakra.span
                    aria-hidden="true"
                    boxSize="3.5"
                    borderRadius="full"
                    borderWidth="1px"
                    borderColor="blackAlpha.300"
                    style={{ background: swatchFor(option.value) }}
                  />
                  {option.label}
                </Flex>
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
    </Box>
  )
}
