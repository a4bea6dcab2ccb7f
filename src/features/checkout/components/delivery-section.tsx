import { Grid } from '@chakra-ui/react/grid'
import { Input } from '@chakra-ui/react/input'
import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { counties, delivery as deliveryConfig } from '@/config/site'
import { formatPrice, type Currency } from '@/lib/money'
import type { PickupPoint } from '../checkout-types'
import { limits } from '../checkout-validation'
import type { SectionProps } from './contact-section'
import { ChoiceCard, controlId, controlProps, Field, inputStyle, Section } from './form-controls'
import { Notice } from '@/components/ui/notice'
import { controlStyle } from '@/components/form-field'

const sortedCounties = [...counties].sort((a, b) => a.localeCompare(b, 'en-KE'))

/** Where the order goes: an address (county, town, street or landmark, a note for the rider) or a pickup point. */
export function DeliverySection({
  draft,
  errors,
  onChange,
  onBlur,
  pickupPoints,
  pickupLoading,
  currency,
  freeDelivery,
}: SectionProps & {
  pickupPoints: PickupPoint[]
  pickupLoading: boolean
  currency: Currency
  /** The cart already qualifies for free delivery. */
  freeDelivery: boolean
}) {
  const fee = (kes: number) => (freeDelivery ? 'Free' : formatPrice(kes, currency))
  const deliveryFee =
    draft.county === 'Nairobi'
      ? fee(deliveryConfig.fees.nairobi)
      : draft.county
        ? fee(deliveryConfig.fees.otherCounty)
        : freeDelivery
          ? 'Free'
          : `From ${formatPrice(deliveryConfig.fees.nairobi, currency)}`
  const estimate =
    draft.county === 'Nairobi'
      ? deliveryConfig.estimate.nairobi
      : draft.county
        ? deliveryConfig.estimate.otherCounty
        : `${deliveryConfig.estimate.nairobi} in Nairobi`

  return (
    <Section step={2} title="Delivery" id="checkout-delivery-title">
      <chakra.fieldset>
        <chakra.legend srOnly>How would you like to receive your order?</chakra.legend>
        <Grid gap="3" templateColumns={{ base: '1fr', md: '1fr 1fr' }} mb="5">
          <ChoiceCard
            name="delivery.method"
            value="delivery"
            checked={draft.method === 'delivery'}
            onChange={() => onChange('method', 'delivery')}
            title="Deliver to me"
            detail={estimate}
            badge={deliveryFee}
          />
          <ChoiceCard
            name="delivery.method"
            value="pickup"
            checked={draft.method === 'pickup'}
            onChange={() => onChange('method', 'pickup')}
            title="Collect from a pickup point"
            detail={deliveryConfig.estimate.pickup}
            badge={fee(deliveryConfig.fees.pickup)}
          />
        </Grid>
      </chakra.fieldset>

      {draft.method === 'delivery' ? (
        <Grid gap="4" templateColumns={{ base: '1fr', md: '1fr 1fr' }}>
          <Field field="delivery.county" label="County" error={errors['delivery.county']}>
            <chakra.select
              {...controlProps('delivery.county', { error: errors['delivery.county'] })}
              css={controlStyle}
              minH="11"
              autoComplete="address-level1"
              value={draft.county}
              onChange={(e) => onChange('county', e.target.value)}
              onBlur={() => onBlur('delivery.county')}
              aria-required="true"
            >
              <option value="">Choose your county</option>
              {sortedCounties.map((county) => (
                <option key={county} value={county}>
                  {county}
                </option>
              ))}
            </chakra.select>
          </Field>
          <Field field="delivery.town" label="Town or area" error={errors['delivery.town']}>
            <Input
              {...controlProps('delivery.town', { error: errors['delivery.town'] })}
              {...inputStyle}
              autoComplete="address-level2"
              placeholder="e.g. Westlands, Kisumu CBD"
              maxLength={limits.town}
              value={draft.town}
              onChange={(e) => onChange('town', e.target.value)}
              onBlur={() => onBlur('delivery.town')}
              aria-required="true"
            />
          </Field>
          <chakra.div gridColumn={{ md: 'span 2' }}>
            <Field
              field="delivery.street"
              label="Street, building or landmark"
              hint="What a rider would ask for: estate, building and house number, or a nearby landmark."
              error={errors['delivery.street']}
            >
              <Input
                {...controlProps('delivery.street', {
                  error: errors['delivery.street'],
                  hint: true,
                })}
                {...inputStyle}
                autoComplete="street-address"
                placeholder="e.g. Muthithi Rd, Apt 4B, next to Sarit Centre"
                maxLength={limits.street}
                value={draft.street}
                onChange={(e) => onChange('street', e.target.value)}
                onBlur={() => onBlur('delivery.street')}
                aria-required="true"
              />
            </Field>
          </chakra.div>
          <chakra.div gridColumn={{ md: 'span 2' }}>
            <Field
              field="delivery.note"
              label="Note for the rider (optional)"
              hint="Gate colour, best time to call, who will receive the parcel."
              error={errors['delivery.note']}
            >
              <chakra.textarea
                {...controlProps('delivery.note', { error: errors['delivery.note'], hint: true })}
                css={controlStyle}
                minH="11"
                py="2"
                rows={2}
                maxLength={limits.note}
                value={draft.note}
                onChange={(e) => onChange('note', e.target.value)}
                onBlur={() => onBlur('delivery.note')}
              />
            </Field>
          </chakra.div>
        </Grid>
      ) : (
        <chakra.fieldset
          id={controlId('delivery.pickupPoint')}
          tabIndex={-1}
          aria-describedby={
            errors['delivery.pickupPoint']
              ? `${controlId('delivery.pickupPoint')}-error`
              : undefined
          }
          outline="none"
        >
          <chakra.legend fontSize="sm" fontWeight="semibold" mb="2">
            Pickup point
          </chakra.legend>
          <Stack gap="3">
            {pickupPoints.map((point) => (
              <ChoiceCard
                key={point.id}
                name="delivery.pickupPoint"
                value={point.id}
                checked={draft.pickupPoint === point.id}
                onChange={(id) => onChange('pickupPoint', id)}
                title={point.name}
                detail={`${point.address} · ${point.town}, ${point.county}`}
              />
            ))}
            {pickupPoints.length === 0 ? (
              <Notice compact>
                {pickupLoading
                  ? 'Loading pickup points…'
                  : 'Pickup points could not be loaded. Choose delivery, or try again when you are online.'}
              </Notice>
            ) : null}
          </Stack>
          {errors['delivery.pickupPoint'] ? (
            <chakra.p
              id={`${controlId('delivery.pickupPoint')}-error`}
              mt="2"
              fontSize="sm"
              color="brand.sale"
            >
              {errors['delivery.pickupPoint']}
            </chakra.p>
          ) : null}
        </chakra.fieldset>
      )}
    </Section>
  )
}
