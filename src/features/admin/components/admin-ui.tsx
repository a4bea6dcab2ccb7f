import { Badge } from '@chakra-ui/react/badge'
import { Box } from '@chakra-ui/react/box'
import { Button, type ButtonProps } from '@chakra-ui/react/button'
import { Spinner } from '@chakra-ui/react/spinner'
import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system'
import { useId, type ReactNode, type Ref } from 'react'
import { ChevronLeftIcon, ChevronRightIcon, RefreshIcon } from '@/components/icons'
import { VisuallyHidden } from '@/components/visually-hidden'
import type { AffiliateSummary } from '../api/affiliates-api'
import type { Tone } from '../labels'
import { fieldAria } from '@/components/field-aria'
import { controlStyle, FormField } from '@/components/form-field'

/**
 * The admin area's building blocks. The trimmed theme carries recipes only for buttons, inputs, badges,
 * spinners and dialogs; tables, selects and text areas are styled here with plain style props, so the
 * shop's first route pays nothing for the admin screens.
 */

export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <Box>
      <chakra.header
        display="flex"
        flexWrap="wrap"
        alignItems="flex-end"
        justifyContent="space-between"
        gap="3"
        mb="5"
      >
        <Box minW="0">
          <chakra.h1
            fontFamily="heading"
            fontSize={{ base: '2xl', md: '3xl' }}
            color="brand.ink"
            lineHeight="1.2"
          >
            {title}
          </chakra.h1>
          {description ? (
            <chakra.p mt="1" color="brand.muted" fontSize="sm">
              {description}
            </chakra.p>
          ) : null}
        </Box>
        {actions ? (
          <Box display="flex" gap="2" flexWrap="wrap">
            {actions}
          </Box>
        ) : null}
      </chakra.header>
      {children}
    </Box>
  )
}

export function Panel({
  title,
  actions,
  children,
  ...rest
}: {
  title?: ReactNode
  actions?: ReactNode
  children: ReactNode
} & Omit<HTMLChakraProps<'section'>, 'title'>) {
  const id = useId()
  return (
    <chakra.section
      aria-labelledby={title ? id : undefined}
      bg="white"
      borderWidth="1px"
      borderColor="brand.line"
      p={{ base: '4', md: '5' }}
      minW="0"
      {...rest}
    >
      {title || actions ? (
        <Box display="flex" alignItems="center" justifyContent="space-between" gap="3" mb="3">
          {title ? (
            <chakra.h2 id={id} fontWeight="semibold" fontSize="md" color="brand.ink">
              {title}
            </chakra.h2>
          ) : null}
          {actions}
        </Box>
      ) : null}
      {children}
    </chakra.section>
  )
}

export function StatCard({
  label,
  value,
  hint,
}: {
  label: string
  value: ReactNode
  hint?: ReactNode
}) {
  return (
    <Box bg="white" borderWidth="1px" borderColor="brand.line" p={{ base: '3', md: '4' }} minW="0">
      <chakra.dt fontSize="xs" color="brand.muted" textTransform="uppercase" letterSpacing="0.08em">
        {label}
      </chakra.dt>
      <chakra.dd
        fontSize={{ base: 'xl', md: '2xl' }}
        fontWeight="semibold"
        color="brand.ink"
        mt="1"
        whiteSpace="nowrap"
        overflow="hidden"
        textOverflow="ellipsis"
      >
        {value}
      </chakra.dd>
      {hint ? (
        <chakra.dd fontSize="xs" color="brand.muted" mt="1">
          {hint}
        </chakra.dd>
      ) : null}
    </Box>
  )
}

export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <Badge colorPalette={tone} variant="subtle" size="sm" whiteSpace="nowrap">
      {children}
    </Badge>
  )
}

type Variant = 'primary' | 'secondary' | 'danger' | 'quiet'

const variantStyles: Record<Variant, ButtonProps> = {
  primary: { bg: 'brand.ink', color: 'white', _hover: { bg: 'brand.charcoal' } },
  secondary: {
    bg: 'white',
    color: 'brand.ink',
    borderWidth: '1px',
    borderColor: 'brand.ink',
    _hover: { bg: 'brand.cream' },
  },
  danger: {
    bg: 'white',
    color: 'brand.sale',
    borderWidth: '1px',
    borderColor: 'brand.sale',
    _hover: { bg: 'red.50' },
  },
  quiet: { bg: 'transparent', color: 'brand.ink', _hover: { bg: 'brand.cream' } },
}

/** Buttons at least 40px tall: staff tap them on phones, often one-handed. */
export function AdminButton({
  tone = 'primary',
  ...props
}: ButtonProps & { tone?: Variant; ref?: Ref<HTMLButtonElement> }) {
  return <Button borderRadius="sm" minH="10" size="sm" {...variantStyles[tone]} {...props} />
}

export const Select = chakra('select', { base: { ...controlStyle, h: '10' } })
export const TextArea = chakra('textarea', { base: { ...controlStyle, py: '2', minH: '24' } })

/** A control's label, above it. */
export function Label(props: HTMLChakraProps<'label'>) {
  return <chakra.label display="block" fontWeight="medium" fontSize="sm" mb="1" {...props} />
}

/** A label, an optional hint under the control (the error takes its place), wired by id. */
export function Field(props: {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string
  children: ReactNode
}) {
  return (
    <FormField {...props} hintBelow dense labelProps={{ fontWeight: 'medium', color: 'inherit' }} />
  )
}

/** aria-describedby / aria-invalid for a control inside a Field. */
export function describe(id: string, error?: string, hint?: boolean) {
  const { id: _id, ...aria } = fieldAria(id, { error, hint, hintBelow: true })
  return aria
}

export const Table = chakra('table', {
  base: {
    width: '100%',
    borderCollapse: 'collapse',
    fontSize: 'sm',
    '& th': {
      textAlign: 'start',
      fontWeight: 'semibold',
      color: 'brand.muted',
      fontSize: 'xs',
      textTransform: 'uppercase',
      letterSpacing: '0.06em',
      px: '3',
      py: '2',
      borderBottomWidth: '1px',
      borderColor: 'brand.line',
      whiteSpace: 'nowrap',
    },
    '& td': {
      px: '3',
      py: '2.5',
      borderBottomWidth: '1px',
      borderColor: 'brand.line',
      verticalAlign: 'top',
    },
    '& [data-numeric]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  },
})

/** Lets a wide table scroll sideways inside its panel instead of widening the page on a phone. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      overflowX="auto"
      role="region"
      aria-label={label}
      tabIndex={0}
      mx={{ base: '-4', md: '0' }}
    >
      {children}
    </Box>
  )
}

/** Columns that only fit from the `md` breakpoint up: hidden on phones in header and rows alike. */
export const wideOnly = { display: { base: 'none', md: 'table-cell' } } as const

/** The header of a row-actions column: named for screen readers, blank on screen. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <VisuallyHidden>Actions</VisuallyHidden>
    </th>
  )
}

/** An affiliate in a table: the code, and under it their name or email. */
export function AffiliateCell({ affiliate }: { affiliate: AffiliateSummary }) {
  return (
    <>
      <chakra.span fontWeight="semibold" display="block">
        {affiliate.code.toUpperCase()}
      </chakra.span>
      <chakra.span fontSize="xs" color="brand.muted" display="block">
        {affiliate.name || affiliate.email}
      </chakra.span>
    </>
  )
}

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box role="status" display="flex" alignItems="center" gap="3" py="10" justifyContent="center">
      <Spinner size="sm" color="brand.gold" />
      <chakra.span color="brand.muted">{label}</chakra.span>
    </Box>
  )
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Box
      role="alert"
      borderWidth="1px"
      borderColor="brand.sale"
      bg="red.50"
      color="brand.ink"
      p="4"
      display="flex"
      flexWrap="wrap"
      alignItems="center"
      gap="3"
    >
      <chakra.p flex="1" minW="12rem">
        {message}
      </chakra.p>
      {onRetry ? (
        <AdminButton tone="secondary" onClick={onRetry}>
          <RefreshIcon size={16} /> Try again
        </AdminButton>
      ) : null}
    </Box>
  )
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <chakra.p color="brand.muted" py="8" textAlign="center">
      {children}
    </chakra.p>
  )
}

/** "21–40 of 132" with previous and next buttons. */
export function Pager({
  page,
  pageSize,
  count,
  onPage,
  label,
}: {
  page: number
  pageSize: number
  count: number
  onPage: (page: number) => void
  label: string
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize))
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(count, page * pageSize)
  return (
    <chakra.nav
      aria-label={label}
      display="flex"
      alignItems="center"
      justifyContent="space-between"
      gap="3"
      mt="4"
    >
      <chakra.p fontSize="sm" color="brand.muted" aria-live="polite">
        {count === 0 ? 'No results' : `${first}–${last} of ${count}`}
      </chakra.p>
      <Box display="flex" gap="2">
        <AdminButton
          tone="secondary"
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          <ChevronLeftIcon size={16} />
          <chakra.span display={{ base: 'none', sm: 'inline' }}>Previous</chakra.span>
        </AdminButton>
        <AdminButton
          tone="secondary"
          onClick={() => onPage(page + 1)}
          disabled={page >= pages}
          aria-label="Next page"
        >
          <chakra.span display={{ base: 'none', sm: 'inline' }}>Next</chakra.span>
          <ChevronRightIcon size={16} />
        </AdminButton>
      </Box>
    </chakra.nav>
  )
}

const dateTime = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' })
const dateOnly = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium' })

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date)
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '—' : dateOnly.format(date)
}

/** A labelled select for a list filter. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  options: readonly (readonly [string, string])[]
}) {
  return (
    <Box minW="0">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </Select>
    </Box>
  )
}
