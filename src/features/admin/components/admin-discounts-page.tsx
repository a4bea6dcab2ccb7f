import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { notify } from '@/components/toaster'
import { paths } from '@/config/paths'
import { formatPrice } from '@/lib/money'
import { getSupabase } from '@/lib/supabase'
import { productCategories } from '../admin-search'
import { errorMessage } from '../api/admin-api-error'
import {
  createDiscountCode,
  listDiscountCodes,
  setDiscountCodeActive,
  type DiscountCodeWithUses,
  type NewDiscountCode,
} from '../api/discount-codes-api'
import { categoryLabel } from '../labels'
import { useAdminQuery } from '../use-admin-query'
import {
  ActionsHeader,
  AdminButton,
  AdminPage,
  describe,
  EmptyState,
  ErrorState,
  FilterSelect,
  Field,
  formatDate,
  LoadingState,
  Panel,
  Select,
  StatusBadge,
  Table,
  TableScroll,
} from './admin-ui'

/** Staff create discount codes and see each one's use; the database applies them at checkout. */
export function AdminDiscountsPage() {
  const [revision, setRevision] = useState(0)
  const [source, setSource] = useState<'staff' | 'welcome'>('staff')
  const codes = useAdminQuery(`discount-codes:${source}:${revision}`, (client) =>
    listDiscountCodes(client, source),
  )
  return (
    <AdminPage
      title="Discount codes"
      description="Codes shoppers enter in the cart or at checkout. The store checks every rule when the order is placed."
    >
      <Box display="grid" gap="5">
        <NewCodeForm onCreated={() => setRevision((n) => n + 1)} />
        <Panel
          title={source === 'staff' ? 'Codes' : 'Welcome codes'}
          actions={
            <FilterSelect
              id="discount-source"
              label="Show"
              value={source}
              onChange={(value) => setSource(value === 'welcome' ? 'welcome' : 'staff')}
              options={[
                ['staff', 'Codes made by staff'],
                ['welcome', 'Welcome codes (email offer)'],
              ]}
            />
          }
        >
          {codes.error ? (
            <ErrorState message={codes.error} onRetry={codes.reload} />
          ) : !codes.data ? (
            <LoadingState />
          ) : codes.data.length === 0 ? (
            <EmptyState>No codes yet.</EmptyState>
          ) : (
            <CodeTable codes={codes.data} onChanged={() => setRevision((n) => n + 1)} />
          )}
        </Panel>
      </Box>
    </AdminPage>
  )
}

export function describeRules(code: DiscountCodeWithUses): string {
  const off =
    code.kind === 'percent' ? `${code.value}% off` : `${formatPrice(code.value, 'KSH')} off`
  return [
    code.max_discount ? `${off} (at most ${formatPrice(code.max_discount, 'KSH')})` : off,
    code.min_subtotal > 0 ? `spend ${formatPrice(code.min_subtotal, 'KSH')}+` : null,
    code.categories.length
      ? code.categories.map((c) => categoryLabel[c as keyof typeof categoryLabel] ?? c).join(', ')
      : null,
    code.product_ids.length ? `products: ${code.product_ids.join(', ')}` : null,
    code.first_order_only ? 'first order only' : null,
    code.max_uses_per_customer ? `${code.max_uses_per_customer} per customer` : null,
    code.combinable ? 'combinable' : null,
    code.email ? `for ${code.email}` : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

function CodeTable({ codes, onChanged }: { codes: DiscountCodeWithUses[]; onChanged: () => void }) {
  const toggle = async (code: DiscountCodeWithUses) => {
    try {
      await setDiscountCodeActive(await getSupabase(), code.id, !code.active)
      notify({ title: code.active ? `${code.code} switched off` : `${code.code} switched on` })
      onChanged()
    } catch (error) {
      notify({
        title: 'Could not change the code',
        description: errorMessage(error),
        type: 'error',
      })
    }
  }
  // The list is as of when it was loaded.
  const [now] = useState(() => Date.now())
  return (
    <TableScroll label="Discount codes">
      <Table>
        <thead>
          <tr>
            <th>Code</th>
            <th>Rules</th>
            <th>Valid</th>
            <th data-numeric="">Used</th>
            <th data-numeric="">Taken off</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => {
            const expired = code.ends_at !== null && Date.parse(code.ends_at) <= now
            return (
              <tr key={code.id}>
                <td>
                  <chakra.span fontWeight="semibold">{code.code}</chakra.span>
                  {code.description ? (
                    <chakra.span display="block" fontSize="xs" color="brand.muted">
                      {code.description}
                    </chakra.span>
                  ) : null}
                  <Box mt="1">
                    <StatusBadge tone={!code.active || expired ? 'gray' : 'green'}>
                      {!code.active ? 'Off' : expired ? 'Expired' : 'Active'}
                    </StatusBadge>
                  </Box>
                </td>
                <td>{describeRules(code)}</td>
                <td>
                  {code.starts_at ? `from ${formatDate(code.starts_at)}` : 'now'}
                  {code.ends_at ? ` to ${formatDate(code.ends_at)}` : ''}
                </td>
                <td data-numeric="">
                  {code.activeUses}
                  {code.max_uses ? ` of ${code.max_uses}` : ''}
                  {code.uses.length > 0 ? (
                    <chakra.span display="block" fontSize="xs" color="brand.muted">
                      {code.uses.slice(0, 3).map((use, index) => (
                        <span key={`${use.orderNumber}-${index}`}>
                          {index > 0 ? ', ' : ''}
                          {use.orderNumber ? (
                            <Link to={paths.adminTransactions} search={{ order: use.orderNumber }}>
                              <chakra.span textDecoration="underline">
                                {use.orderNumber}
                              </chakra.span>
                            </Link>
                          ) : null}
                        </span>
                      ))}
                    </chakra.span>
                  ) : null}
                </td>
                <td data-numeric="">{formatPrice(code.totalOff, 'KSH')}</td>
                <td>
                  <AdminButton tone="secondary" onClick={() => void toggle(code)}>
                    {code.active ? `Switch off ${code.code}` : `Switch on ${code.code}`}
                  </AdminButton>
                </td>
              </tr>
            )
          })}
        </tbody>
      </Table>
    </TableScroll>
  )
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null)

function NewCodeForm({ onCreated }: { onCreated: () => void }) {
  const id = useId()
  const [form, setForm] = useState({
    code: '',
    description: '',
    kind: 'percent' as 'percent' | 'fixed',
    value: '',
    maxDiscount: '',
    minSubtotal: '',
    startsAt: '',
    endsAt: '',
    maxUses: '',
    maxUsesPerCustomer: '1',
    firstOrderOnly: false,
    categories: [] as string[],
    productIds: '',
    combinable: false,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((current) => ({ ...current, [key]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found: Record<string, string> = {}
    const code = form.code.replace(/\s+/g, '').toUpperCase()
    if (!/^[A-Z0-9][A-Z0-9-]{3,31}$/.test(code)) {
      found.code = 'Use 4 to 32 letters, digits or dashes, e.g. SAVE10.'
    }
    const value = wholeNumber(form.value)
    if (!value || (form.kind === 'percent' && value > 100)) {
      found.value =
        form.kind === 'percent' ? 'Enter a percent from 1 to 100.' : 'Enter an amount in KES.'
    }
    const optional = (key: 'maxDiscount' | 'maxUses' | 'maxUsesPerCustomer' | 'minSubtotal') => {
      if (!form[key].trim()) return null
      const n = wholeNumber(form[key])
      if (n === null || (key !== 'minSubtotal' && n === 0)) found[key] = 'Enter a whole number.'
      return n
    }
    const input: NewDiscountCode = {
      code,
      description: form.description.trim(),
      kind: form.kind,
      value: value ?? 0,
      maxDiscount: optional('maxDiscount'),
      minSubtotal: optional('minSubtotal') ?? 0,
      startsAt: form.startsAt ? new Date(form.startsAt).toISOString() : null,
      endsAt: form.endsAt ? new Date(form.endsAt).toISOString() : null,
      maxUses: optional('maxUses'),
      maxUsesPerCustomer: optional('maxUsesPerCustomer'),
      firstOrderOnly: form.firstOrderOnly,
      categories: form.categories,
      productIds: form.productIds
        .split(/[\s,]+/)
        .map((p) => p.trim().toLowerCase())
        .filter(Boolean),
      combinable: form.combinable,
    }
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) {
      found.endsAt = 'The end must be after the start.'
    }
    setErrors(found)
    if (Object.keys(found).length) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus()
      return
    }
    setSaving(true)
    try {
      await createDiscountCode(await getSupabase(), input)
      notify({ title: `Code ${code} created`, type: 'success' })
      setForm((current) => ({ ...current, code: '', description: '', value: '' }))
      onCreated()
    } catch (error) {
      setErrors({ code: errorMessage(error) })
    } finally {
      setSaving(false)
    }
  }

  const text = (
    key: 'code' | 'description' | 'value' | 'maxDiscount' | 'minSubtotal' | 'maxUses',
    label: string,
    hint?: string,
  ) => (
    <Field id={`${id}-${key}`} label={label} hint={hint} error={errors[key]}>
      <Input
        id={`${id}-${key}`}
        value={form[key]}
        onChange={(event) => set(key, event.target.value)}
        inputMode={key === 'code' || key === 'description' ? undefined : 'numeric'}
        autoComplete="off"
        bg="white"
        {...describe(`${id}-${key}`, errors[key], !!hint)}
      />
    </Field>
  )

  return (
    <Panel title="New code">
      <chakra.form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="New discount code"
      >
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
          {text('code', 'Code', 'What shoppers type, e.g. SAVE10')}
          {text('description', 'Description (optional)')}
          <Field id={`${id}-kind`} label="Type">
            <Select
              id={`${id}-kind`}
              value={form.kind}
              onChange={(event) =>
                set('kind', event.target.value === 'fixed' ? 'fixed' : 'percent')
              }
            >
              <option value="percent">Percent off</option>
              <option value="fixed">Fixed amount off (KES)</option>
            </Select>
          </Field>
          {text('value', form.kind === 'percent' ? 'Percent off' : 'Amount off (KES)')}
          {text('maxDiscount', 'Most it takes off (KES, optional)')}
          {text('minSubtotal', 'Minimum spend (KES, optional)')}
          <Field id={`${id}-startsAt`} label="Starts (optional)">
            <Input
              id={`${id}-startsAt`}
              type="datetime-local"
              value={form.startsAt}
              onChange={(event) => set('startsAt', event.target.value)}
              bg="white"
            />
          </Field>
          <Field id={`${id}-endsAt`} label="Ends (optional)" error={errors.endsAt}>
            <Input
              id={`${id}-endsAt`}
              type="datetime-local"
              value={form.endsAt}
              onChange={(event) => set('endsAt', event.target.value)}
              bg="white"
              {...describe(`${id}-endsAt`, errors.endsAt)}
            />
          </Field>
          {text('maxUses', 'Uses in all (optional)')}
          <Field
            id={`${id}-maxUsesPerCustomer`}
            label="Uses per customer (optional)"
            error={errors.maxUsesPerCustomer}
          >
            <Input
              id={`${id}-maxUsesPerCustomer`}
              value={form.maxUsesPerCustomer}
              onChange={(event) => set('maxUsesPerCustomer', event.target.value)}
              inputMode="numeric"
              bg="white"
              {...describe(`${id}-maxUsesPerCustomer`, errors.maxUsesPerCustomer)}
            />
          </Field>
          <Field
            id={`${id}-products`}
            label="Only these products (optional)"
            hint="Product ids, separated by commas"
          >
            <Input
              id={`${id}-products`}
              value={form.productIds}
              onChange={(event) => set('productIds', event.target.value)}
              autoComplete="off"
              bg="white"
              {...describe(`${id}-products`, undefined, true)}
            />
          </Field>
        </Box>
        <chakra.fieldset mt="4" border="0" p="0">
          <chakra.legend fontSize="sm" fontWeight="medium" mb="2">
            Only these categories (none: the whole cart)
          </chakra.legend>
          <Box display="flex" flexWrap="wrap" gap="3">
            {productCategories.map((category) => (
              <chakra.label
                key={category}
                display="inline-flex"
                gap="2"
                alignItems="center"
                fontSize="sm"
              >
                <input
                  type="checkbox"
                  checked={form.categories.includes(category)}
                  onChange={(event) =>
                    set(
                      'categories',
                      event.target.checked
                        ? [...form.categories, category]
                        : form.categories.filter((c) => c !== category),
                    )
                  }
                />
                {categoryLabel[category]}
              </chakra.label>
            ))}
          </Box>
        </chakra.fieldset>
        <Box display="flex" flexWrap="wrap" gap="5" mt="4" fontSize="sm">
          <chakra.label display="inline-flex" gap="2" alignItems="center">
            <input
              type="checkbox"
              checked={form.firstOrderOnly}
              onChange={(event) => set('firstOrderOnly', event.target.checked)}
            />
            First order only
          </chakra.label>
          <chakra.label display="inline-flex" gap="2" alignItems="center">
            <input
              type="checkbox"
              checked={form.combinable}
              onChange={(event) => set('combinable', event.target.checked)}
            />
            Can be combined with other codes
          </chakra.label>
        </Box>
        <AdminButton type="submit" mt="5" loading={saving}>
          Create code
        </AdminButton>
      </chakra.form>
    </Panel>
  )
}
