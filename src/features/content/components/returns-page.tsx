import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { returnsPolicy, store } from '@/config/site'
import { ContentPage, Prose, Section } from './content-layout'

export function ReturnsPage() {
  const days = returnsPolicy.days
  return (
    <ContentPage
      eyebrow="Customer care"
      title="Returns and refunds"
      lead={`Changed your mind? You have ${days} days from delivery to send an item back for a refund or an exchange.`}
    >
      <Prose>
        <Section title={`Our ${days}-day promise`}>
          <p>
            If something does not fit, does not suit you or is simply not what you hoped for, return
            it within {days} days of delivery. We refund the price of the item to your M-Pesa, or
            exchange it for another size or colour while stock lasts.
          </p>
        </Section>

        <Section title="What can be returned">
          <ul>
            <li>Clothing, shoes and bags that are unworn and unwashed, with all tags attached.</li>
            <li>
              Jewellery and watches in their original box, with cards, papers and protective films.
            </li>
            <li>
              Items in their original packaging; shoe boxes should not be taped or written on.
            </li>
          </ul>
          <p>For hygiene and fitting reasons we cannot take back:</p>
          <ul>
            <li>opened or used beauty, skincare and fragrance products;</li>
            <li>pierced earrings and swimwear without the hygiene liner;</li>
            <li>items altered, hemmed or engraved at your request.</li>
          </ul>
          <p>
            Faulty or wrong items are always accepted, whatever their condition, and we cover the
            cost of sending them back.
          </p>
        </Section>

        <Section title="How to return an item">
          <ol>
            <li>
              <Link to={paths.contact}>Contact us</Link> or call {store.phoneDisplay} with your
              order number and the item you are returning.
            </li>
            <li>
              Pack the item securely with its tags and packaging. In Nairobi a rider can collect it
              from your door; elsewhere, drop it at the pickup point we give you.
            </li>
            <li>
              Or bring it to our showroom at {store.address}, and we will refund or exchange it on
              the spot.
            </li>
          </ol>
        </Section>

        <Section title="Refunds">
          <p>
            Once the item reaches us and passes a quick check, we refund to the M-Pesa number you
            paid with within five working days. Cash-on-delivery orders are refunded to an M-Pesa
            number of your choice. The original delivery fee is refunded only when the item was
            faulty or wrong.
          </p>
          <p>
            Bought something on sale? Sale items can be returned within the same {days} days and are
            refunded at the price you paid.
          </p>
        </Section>
      </Prose>
    </ContentPage>
  )
}
