import { Grid } from '@chakra-ui/react/grid'
import { Input } from '@chakra-ui/react/input'
import { formatKenyanPhone, normalizeKenyanPhone } from '@/lib/phone'
import type { CheckoutDraft, CheckoutErrors } from '../checkout-validation'
import { limits } from '../checkout-validation'
import { controlProps, Field, inputStyle, Section } from './form-controls'

export interface SectionProps {
  draft: CheckoutDraft
  errors: CheckoutErrors
  onChange: <K extends keyof CheckoutDraft>(key: K, value: CheckoutDraft[K]) => void
  onBlur: (field: keyof CheckoutErrors) => void
}

/** Who the order is for: name, email (guests need one for the receipt) and a Kenyan mobile number. */
export function ContactSection({
  draft,
  errors,
  onChange,
  onBlur,
  signedInEmail,
}: SectionProps & { signedInEmail: string | null }) {
  const normalised = normalizeKenyanPhone(draft.phone)
  return (
    <Section step={1} title="Contact details" id="checkout-contact-title">
      <Grid gap="4" templateColumns={{ base: '1fr', md: '1fr 1fr' }}>
        <Field field="contact.name" label="Full name" error={errors['contact.name']}>
          <Input
            {...controlProps('contact.name', { error: errors['contact.name'] })}
            {...inputStyle}
            autoComplete="name"
            maxLength={limits.name}
            value={draft.name}
            onChange={(e) => onChange('name', e.target.value)}
            onBlur={() => onBlur('contact.name')}
            aria-required="true"
          />
        </Field>
        <Field
          field="contact.email"
          label={signedInEmail ? 'Email (optional)' : 'Email'}
          hint={
            signedInEmail
              ? `Leave empty to use ${signedInEmail}.`
              : 'For your receipt and the link to your order.'
          }
          error={errors['contact.email']}
        >
          <Input
            {...controlProps('contact.email', { error: errors['contact.email'], hint: true })}
            {...inputStyle}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={limits.email}
            value={draft.email}
            onChange={(e) => onChange('email', e.target.value)}
            onBlur={() => onBlur('contact.email')}
            aria-required={signedInEmail ? undefined : 'true'}
          />
        </Field>
        <Field
          field="contact.phone"
          label="Mobile number"
          hint={
            normalised
              ? `We'll call or text ${formatKenyanPhone(normalised)} about your delivery.`
              : 'Safaricom, Airtel or Telkom: 07XX XXX XXX, 01XX XXX XXX or +254…'
          }
          error={errors['contact.phone']}
        >
          <Input
            {...controlProps('contact.phone', { error: errors['contact.phone'], hint: true })}
            {...inputStyle}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            maxLength={20}
            value={draft.phone}
            onChange={(e) => onChange('phone', e.target.value)}
            onBlur={() => onBlur('contact.phone')}
            aria-required="true"
          />
        </Field>
      </Grid>
    </Section>
  )
}
