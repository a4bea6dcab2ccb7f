import { paths } from '@/config/paths'
import { store } from '@/config/site'
import { ContentPage, Prose, Section } from './content-layout'
import { CtaLink } from './cta-link'

export function OurStoryPage() {
  return (
    <ContentPage
      eyebrow="Our story"
      title="From a Saturday market stall to Kenya's fashion address"
      lead={`${store.name} began with a simple belief: Kenyans should not have to fly to Dubai or London for the pieces they love, and the makers here deserve a place beside the world's great names.`}
    >
      <Prose>
        <Section title="The stall">
          <p>
            It started with a trestle table at a weekend market in Nairobi: a dozen kitenge dresses
            cut at home, a box of Maasai beaded sandals from a women's group in Kajiado and a few
            designer bags brought back in a suitcase. The dresses sold out by lunchtime. The bags
            took longer, and taught us the first lesson: people wanted the real thing, with a
            receipt, and a way to pay that did not involve a bank transfer abroad.
          </p>
        </Section>

        <Section title="The showroom">
          <p>
            Two years of markets and pop-ups later, we opened our showroom at {store.address}. It
            has fitting rooms, a tailor on site to hem trousers and fit suits, and a watch corner
            where you can try a Rolex or a Garmin on your own wrist before you decide. Most of our
            team still work there, and many of them came to us first as customers.
          </p>
        </Section>

        <Section title="Going online, the Kenyan way">
          <p>
            When customers started sending orders by WhatsApp from Kisumu, Eldoret and Mombasa, we
            built a shop for them. It takes M-Pesa, delivers to every county and keeps working when
            the data bundle runs out: install it to your home screen and the whole catalogue travels
            with you. Today more than {store.enthusiasts} fashion lovers shop with us.
          </p>
        </Section>

        <Section title="Made here, paid fairly">
          <p>
            Our own <strong>Luxe Kenya Atelier</strong> label is cut and sewn in a small workroom in
            Nairobi from fabric we choose bolt by bolt. The beadwork, kiondo baskets, brass and
            leather in our heritage collection come from cooperatives and workshops we visit
            ourselves. We agree prices before the work starts, pay on delivery of the pieces, not on
            sale, and put the maker's name on the label wherever they want it there.
          </p>
          <p>
            Fashion should be a pleasure, and it should leave the people who make it better off.
            That is the whole story so far.
          </p>
        </Section>
      </Prose>
      <div className="content-actions">
        <CtaLink to={paths.heritage}>Explore our heritage</CtaLink>
        <CtaLink to={paths.newArrivals} variant="outline">
          Shop new arrivals
        </CtaLink>
      </div>
    </ContentPage>
  )
}
