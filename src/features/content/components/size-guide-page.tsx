import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { ContentPage, Prose, Section } from './content-layout'
import { InfoTable } from './info-table'

import * as guide from '@shared/size-guide'

/** Body measurements in centimetres; a size fits when you fall inside its range. */
const womenSizes = guide.womenSizes.map((r) => [r.size, r.bust, r.waist, r.hip, r.uk.join('–')])

const menSizes = guide.menSizes.map((r) => [r.size, r.chest, r.waist, r.hip])

const waistSizes = guide.waistSizes.map((inches) => [
  String(inches),
  `${inches} in`,
  `${Math.round(inches * 2.54)} cm`,
])

const usSize = (value: number | null) => (value === null ? '—' : String(value))

/** EU, UK and US shoe sizes with the foot length (heel to longest toe) each is made for. */
const shoeSizes = guide.shoeSizes.map((r) => [
  String(r.eu),
  String(r.uk),
  usSize(r.usWomen),
  usSize(r.usMen),
  r.footCm.toFixed(1),
])

const kidsSizes = guide.kidsSizes.map((r) => [r.size, r.heightCm, r.weight])

const ringSizes = guide.ringSizes.map((r) => [
  String(r.size),
  r.diameterMm.toFixed(1),
  r.circumferenceMm.toFixed(1),
])

export function SizeGuidePage() {
  return (
    <ContentPage
      wide
      eyebrow="Fit advice"
      title="Size guide"
      lead="Measure yourself in light clothing with a soft tape, keeping it snug but not tight, then compare with the tables below. All measurements are in centimetres unless marked."
    >
      <Prose>
        <Section title="How to measure">
          <ul>
            <li>
              <strong>Bust or chest:</strong> around the fullest part, under the arms, keeping the
              tape level across your back.
            </li>
            <li>
              <strong>Waist:</strong> around the narrowest part of your natural waist, usually just
              above the belly button.
            </li>
            <li>
              <strong>Hip:</strong> around the fullest part of your hips and seat, feet together.
            </li>
            <li>
              <strong>Foot length:</strong> stand on paper, mark your heel and longest toe, and
              measure between the marks. Do both feet and use the longer one.
            </li>
          </ul>
          <p>
            Between two sizes? Take the larger for fitted pieces and the smaller for relaxed or
            oversized cuts. Product pages say when a piece runs small or large.
          </p>
        </Section>

        <Section title="Women's clothing">
          <InfoTable
            caption="Women's letter sizes (cm)"
            columns={['Size', 'Bust', 'Waist', 'Hip', 'UK size']}
            rows={womenSizes}
          />
        </Section>

        <Section title="Men's clothing">
          <InfoTable
            caption="Men's letter sizes (cm)"
            columns={['Size', 'Chest', 'Waist', 'Hip']}
            rows={menSizes}
          />
        </Section>

        <Section title="Jeans, trousers and belts">
          <p>
            Jeans, chinos and belts sold by waist size follow the measurement around your waist
            where you wear your trousers. For belts, order the same number as your trouser waist.
          </p>
          <InfoTable
            caption="Waist sizes 28 to 34"
            columns={['Waist size', 'Inches', 'Centimetres']}
            rows={waistSizes}
          />
        </Section>

        <Section title="Shoes">
          <InfoTable
            caption="Shoe sizes: EU, UK and US"
            columns={['EU', 'UK', 'US women', 'US men', 'Foot length (cm)']}
            rows={shoeSizes}
          />
          <p>
            Our shoes are listed in EU sizes. Unisex sneakers such as Nike Air Jordans are cut to
            men's sizing, so women often go half a size down from their usual EU size.
          </p>
        </Section>

        <Section title="Kids and babies">
          <InfoTable
            caption="Kids' sizes by height (cm) and weight"
            columns={['Size', 'Height', 'Weight']}
            rows={kidsSizes}
          />
        </Section>

        <Section title="Rings">
          <p>
            Measure the inside diameter of a ring that fits you well, or wrap a strip of paper
            around the base of your finger for the circumference.
          </p>
          <InfoTable
            caption="Ring sizes (US) by inside diameter and circumference (mm)"
            columns={['US size', 'Diameter', 'Circumference']}
            rows={ringSizes}
          />
          <p>
            Still unsure? Visit the showroom to be measured, or{' '}
            <Link to={paths.contact}>ask us</Link> and we will check the exact measurements of any
            piece.
          </p>
        </Section>
      </Prose>
    </ContentPage>
  )
}
