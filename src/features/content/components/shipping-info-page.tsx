import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { delivery, store } from '@/config/site'
import { ContentPage, Prose, Section } from './content-layout'
import { InfoTable } from './info-table'
import { ksh } from './ksh'

const options = [
  {
    name: 'Nairobi',
    fee: delivery.fees.nairobi,
    estimate: delivery.estimate.nairobi,
  },
  {
    name: 'Other counties',
    fee: delivery.fees.otherCounty,
    estimate: delivery.estimate.otherCounty,
  },
  {
    name: 'Pickup point',
    fee: delivery.fees.pickup,
    estimate: delivery.estimate.pickup,
  },
] as const

export function ShippingInfoPage() {
  return (
    <ContentPage
      eyebrow="Customer care"
      title="Shipping information"
      lead={`We deliver to all 47 counties of Kenya. Delivery is free on every order from ${ksh(delivery.freeFromKes)}.`}
    >
      <InfoTable
        caption="Delivery fees and times"
        columns={[
          'Delivery to',
          'Fee',
          `Orders from ${ksh(delivery.freeFromKes)}`,
          'Estimated delivery',
        ]}
        rows={options.map((option) => [option.name, ksh(option.fee), 'Free', option.estimate])}
      />

      <Prose>
        <Section title="How delivery works">
          <ol>
            <li>
              At checkout, choose your county and give a town and a street or landmark. Add a note
              for the rider if the gate, building or stage is hard to find.
            </li>
            <li>
              Orders paid by M-Pesa before 2 PM on a working day leave our Nairobi warehouse the
              same day; cash-on-delivery orders are confirmed by phone first.
            </li>
            <li>
              We let you know when your parcel is on its way, and the rider calls before arriving.
              Please keep your phone with you and, for cash on delivery, have the amount ready.
            </li>
          </ol>
        </Section>

        <Section title="Where the fees apply">
          <ul>
            <li>
              <strong>Nairobi</strong> ({ksh(delivery.fees.nairobi)}): addresses within Nairobi
              County, delivered to your door by our own riders.
            </li>
            <li>
              <strong>Other counties</strong> ({ksh(delivery.fees.otherCounty)}): door delivery by
              our courier partners to towns across the other 46 counties. Remote areas may take a
              day longer.
            </li>
            <li>
              <strong>Pickup point</strong> ({ksh(delivery.fees.pickup)}): collect from a partner
              pickup point near you. We let you know when your parcel is ready; bring your ID and
              your order number.
            </li>
          </ul>
          <p>
            Free delivery applies when your order subtotal, after discounts, is{' '}
            {ksh(delivery.freeFromKes)} or more, whichever option you choose. The fee is shown
            before you pay and never changes afterwards.
          </p>
        </Section>

        <Section title="Collect from our showroom">
          <p>
            Prefer to collect in person? Choose pickup and tell us in the delivery note, then visit
            us at {store.address}:{' '}
            {store.openingHours.map((line) => `${line.days} ${line.hours}`).join(', ')}.
          </p>
        </Section>

        <Section title="Delivery times">
          <p>
            Estimates count working days (Monday to Saturday, excluding public holidays) from the
            moment your order is confirmed. During sales and in December, allow an extra day. If
            your order is late, <Link to={paths.contact}>contact us</Link> and we will chase it for
            you.
          </p>
        </Section>

        <Section title="Outside Kenya">
          <p>
            For now we deliver within Kenya only. Friends abroad can order for someone here, and pay
            with any M-Pesa number.
          </p>
        </Section>
      </Prose>
    </ContentPage>
  )
}
