import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { ContentPage, Prose, Section } from './content-layout'
import { InfoTable } from './info-table'

/** Body measurements in centimetres; a size fits when you fall inside its range. */
const womenSizes = [
  ['XS', '80–84', '62–66', '88–92', '6'],
  ['S', '85–89', '67–71', '93–97', '8–10'],
  ['M', '90–94', '72–76', '98–102', '12'],
  ['L', '95–100', '77–82', '103–108', '14'],
  ['XL', '101–107', '83–89', '109–115', '16–18'],
  ['XXL', '108–114', '90–96', '116–122', '20'],
] as const

const menSizes = [
  ['XS', '84–88', '70–74', '86–90'],
  ['S', '89–94', '75–80', '91–96'],
  ['M', '95–101', '81–87', '97–102'],
  ['L', '102–108', '88–94', '103–108'],
  ['XL', '109–115', '95–101', '109–114'],
  ['XXL', '116–122', '102–108', '115–120'],
] as const

const waistSizes = [28, 29, 30, 31, 32, 33, 34].map((inches) => [
  String(inches),
  `${inches} in`,
  `${Math.round(inches * 2.54)} cm`,
])

/** EU, UK and US shoe sizes with the foot length (heel to longest toe) each is made for. */
const shoeSizes = [
  ['36', '3.5', '5.5', '4.5', '23.0'],
  ['37', '4', '6.5', '5', '23.7'],
  ['38', '5', '7.5', '6', '24.3'],
  ['39', '6', '8.5', '7', '25.0'],
  ['40', '6.5', '9', '7.5', '25.7'],
  ['41', '7.5', '10', '8.5', '26.3'],
  ['42', '8', '10.5', '9', '27.0'],
  ['43', '9', '11.5', '10', '27.7'],
  ['44', '9.5', '12', '10.5', '28.3'],
  ['45', '10.5', '—', '11.5', '29.0'],
  ['46', '11', '—', '12', '29.7'],
] as const

const kidsSizes = [
  ['0-3M', '56–62', 'up to 6 kg'],
  ['3-6M', '62–68', '6–8 kg'],
  ['6-12M', '68–80', '8–10 kg'],
  ['12-18M', '80–86', '10–12 kg'],
  ['18-24M', '86–92', '12–13 kg'],
  ['2-3Y', '92–98', '13–15 kg'],
  ['4-5Y', '104–110', '16–19 kg'],
  ['6-7Y', '116–122', '20–24 kg'],
  ['8-9Y', '128–134', '25–30 kg'],
  ['10-11Y', '140–146', '31–37 kg'],
] as const

const ringSizes = [
  ['5', '15.7', '49.3'],
  ['6', '16.5', '51.9'],
  ['7', '17.3', '54.4'],
  ['8', '18.1', '57.0'],
  ['9', '18.9', '59.5'],
  ['10', '19.8', '62.1'],
  ['11', '20.6', '64.6'],
  ['12', '21.4', '67.2'],
] as const

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
