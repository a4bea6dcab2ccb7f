import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState, type FormEvent } from 'react'
import { fieldAria } from '@/components/field-aria'
import { FormField, plainLabel } from '@/components/form-field'
import { affiliates } from '@/config/site'
import { getSupabase } from '@/lib/supabase'
import {
  AffiliateProgramError,
  applyAsAffiliate,
  validateApplication,
  type Application,
  type ApplicationErrors,
} from '../api/affiliate-program-api'
import { PanelTitle } from './affiliate-program-title'

const ids = { code: 'affiliate-code', payoutPhone: 'affiliate-payout-phone' } as const

/** The application: a preferred code (optional) and the M-Pesa number commission is paid to. */
export function AffiliateProgramApply({ onApplied }: { onApplied: () => void }) {
  const [form, setForm] = useState<Application>({ code: '', payoutPhone: '' })
  const [errors, setErrors] = useState<ApplicationErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  const update = (field: keyof Application, value: string) => {
    const next = { ...form, [field]: value }
    setForm(next)
    if (submitted) setErrors(validateApplication(next))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    setSubmitted(true)
    setProblem(null)
    const found = validateApplication(form)
    setErrors(found)
    const first = (['code', 'payoutPhone'] as const).find((field) => found[field])
    if (first) {
      document.getElementById(ids[first])?.focus()
      return
    }
    setSending(true)
    try {
      await applyAsAffiliate(await getSupabase(), form)
      onApplied()
    } catch (error) {
      if (error instanceof AffiliateProgramError && error.field) {
        setErrors({ [error.field]: error.message })
        document.getElementById(ids[error.field])?.focus()
      } else {
        setProblem(error instanceof Error ? error.message : 'Something went wrong.')
      }
      setSending(false)
    }
  }

  return (
    <chakra.form onSubmit={onSubmit} noValidate>
      <PanelTitle>Apply to become an affiliate</PanelTitle>
      <chakra.p color="brand.charcoal" mb="6">
        Earn {affiliates.defaultCommissionPercent}% of the subtotal of every paid order you refer.
        We review applications within two working days.
      </chakra.p>
      <Box display="grid" gap="5">
        <FormField
          id={ids.code}
          label="Preferred code (optional)"
          hint="3 to 32 letters, numbers or dashes, e.g. AMINA-STYLE. Leave empty and we will choose one."
          error={errors.code}
          hintBelow
          labelProps={plainLabel}
        >
          <Input
            {...fieldAria(ids.code, { error: errors.code, hint: true, hintBelow: true })}
            value={form.code}
            onChange={(event) => update('code', event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
          />
        </FormField>
        <FormField
          id={ids.payoutPhone}
          label="M-Pesa number for payouts"
          hint="Your commission is paid to this number."
          error={errors.payoutPhone}
          hintBelow
          labelProps={plainLabel}
        >
          <Input
            {...fieldAria(ids.payoutPhone, {
              error: errors.payoutPhone,
              hint: true,
              hintBelow: true,
            })}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            value={form.payoutPhone}
            onChange={(event) => update('payoutPhone', event.target.value)}
            aria-required="true"
          />
        </FormField>
      </Box>
      {problem ? (
        <chakra.p role="alert" color="brand.sale" mt="4">
          {problem}
        </chakra.p>
      ) : null}
      <Button
        type="submit"
        mt="6"
        size="lg"
        bg="brand.ink"
        color="white"
        borderRadius="0"
        width={{ base: '100%', sm: 'auto' }}
        loading={sending}
        loadingText="Sending…"
      >
        Apply now
      </Button>
    </chakra.form>
  )
}
