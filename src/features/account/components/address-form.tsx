import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState, type FormEvent } from 'react'
import { fieldAria } from '@/components/field-aria'
import { controlStyle, FormField } from '@/components/form-field'
import { counties } from '@/config/site'
import {
  addressToSave,
  limits,
  validateAddress,
  type AddressDraft,
  type AddressErrors,
  type AddressField,
} from '../account-validation'
import type { AddressInput } from '../api/addresses'
import { PrimaryButton, SecondaryButton } from './account-ui'

const fieldOrder: AddressField[] = [
  'label',
  'recipientName',
  'phone',
  'county',
  'town',
  'street',
  'note',
]

/** Alphabetical: shoppers look for their county by name, not by its code. */
const countyOptions = [...counties].sort((a, b) => a.localeCompare(b, 'en-KE'))

/** Adds or edits a delivery address: county (all 47), town, street or landmark, a note for the rider. */
export function AddressForm({
  idPrefix,
  initial,
  title,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  idPrefix: string
  initial: AddressDraft
  title: string
  submitLabel: string
  onSubmit: (input: AddressInput) => Promise<boolean>
  onCancel: () => void
}) {
  const [draft, setDraft] = useState(initial)
  const [errors, setErrors] = useState<AddressErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const id = (field: AddressField | 'default') => `${idPrefix}-${field}`

  const update = <K extends keyof AddressDraft>(field: K, value: AddressDraft[K]) => {
    const next = { ...draft, [field]: value }
    setDraft(next)
    if (submitted) setErrors(validateAddress(next))
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setSubmitted(true)
    const found = validateAddress(draft)
    setErrors(found)
    const first = fieldOrder.find((field) => found[field])
    if (first) {
      document.getElementById(id(first))?.focus()
      return
    }
    setBusy(true)
    const done = await onSubmit(addressToSave(draft))
    if (!done) setBusy(false)
  }

  const text = (
    field: Exclude<AddressField, 'county' | 'note'>,
    label: string,
    extra: { autoComplete?: string; maxLength: number; hint?: string; required?: boolean },
  ) => (
    <FormField id={id(field)} label={label} hint={extra.hint} error={errors[field]}>
      <Input
        {...fieldAria(id(field), { error: errors[field], hint: Boolean(extra.hint) })}
        name={field}
        autoComplete={extra.autoComplete}
        maxLength={extra.maxLength + 20}
        value={draft[field]}
        onChange={(e) => update(field, e.target.value)}
        aria-required={extra.required ? 'true' : undefined}
        {...(field === 'phone'
          ? { type: 'tel', inputMode: 'tel' as const, placeholder: '0712 345 678' }
          : {})}
      />
    </FormField>
  )

  return (
    <chakra.form
      onSubmit={submit}
      noValidate
      aria-label={title}
      display="grid"
      gap="5"
      p={{ base: '4', sm: '5' }}
      bg="brand.cream"
      borderWidth="1px"
      borderColor="brand.line"
    >
      <chakra.h3 fontFamily="heading" fontSize="lg" color="brand.ink">
        {title}
      </chakra.h3>
      <chakra.div display="grid" gap="5" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}>
        <FormField id={id('county')} label="County" error={errors.county}>
          <chakra.select
            {...fieldAria(id('county'), { error: errors.county })}
            name="county"
            autoComplete="address-level1"
            css={controlStyle}
            h="10"
            value={draft.county}
            onChange={(e) => update('county', e.target.value)}
            aria-required="true"
          >
            <option value="">Choose a county</option>
            {countyOptions.map((county) => (
              <option key={county} value={county}>
                {county}
              </option>
            ))}
          </chakra.select>
        </FormField>
        {text('town', 'Town or area', {
          autoComplete: 'address-level2',
          maxLength: limits.town,
          required: true,
        })}
      </chakra.div>
      {text('street', 'Street, building or landmark', {
        autoComplete: 'street-address',
        maxLength: limits.street,
        hint: 'e.g. Kenyatta Avenue, Hazina Towers, 4th floor',
        required: true,
      })}
      <FormField
        id={id('note')}
        label="Delivery note for the rider (optional)"
        hint="Gate colour, nearest stage, when someone is home."
        error={errors.note}
      >
        <chakra.textarea
          {...fieldAria(id('note'), { error: errors.note, hint: true })}
          name="note"
          css={controlStyle}
          py="2"
          rows={3}
          maxLength={limits.note + 20}
          value={draft.note}
          onChange={(e) => update('note', e.target.value)}
        />
      </FormField>
      <chakra.div display="grid" gap="5" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }}>
        {text('label', 'Label (optional)', { maxLength: limits.label, hint: 'Home, Office…' })}
        {text('recipientName', 'Recipient (optional)', {
          autoComplete: 'name',
          maxLength: limits.name,
          hint: 'If not you.',
        })}
        {text('phone', 'Recipient phone (optional)', {
          autoComplete: 'tel',
          maxLength: 20,
          hint: 'For the rider to call.',
        })}
      </chakra.div>
      <chakra.label display="flex" alignItems="center" gap="3" minH="11" cursor="pointer">
        <chakra.input
          id={id('default')}
          type="checkbox"
          checked={draft.isDefault}
          onChange={(e) => update('isDefault', e.target.checked)}
          boxSize="5"
          accentColor="#111111"
        />
        <chakra.span>Use as my default delivery address</chakra.span>
      </chakra.label>
      <chakra.div display="flex" flexWrap="wrap" gap="3">
        <PrimaryButton type="submit" loading={busy} loadingText="Saving...">
          {submitLabel}
        </PrimaryButton>
        <SecondaryButton type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </SecondaryButton>
      </chakra.div>
    </chakra.form>
  )
}
