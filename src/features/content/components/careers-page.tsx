import { store } from '@/config/site'
import { ContentPage, Prose, Section } from './content-layout'
import './card-list.css'

const roles = [
  {
    title: 'Showroom Stylist',
    place: 'Karen, Nairobi · Full time',
    summary:
      'Welcome customers, style complete looks, run fittings with our tailor and look after the watch corner. Retail or styling experience and a real love of fashion matter more than a degree.',
  },
  {
    title: 'Fulfilment Associate',
    place: 'Nairobi warehouse · Full time, shifts',
    summary:
      'Pick, check and pack orders with care, prepare parcels for riders and couriers, and handle returns. You are organised, careful with detail and happy on your feet.',
  },
  {
    title: 'Customer Care Agent',
    place: 'Nairobi · Full time, weekend rota',
    summary:
      'Answer customers by phone, WhatsApp and email, follow up on deliveries and refunds, and turn problems into loyal customers. Fluent English and Kiswahili required.',
  },
  {
    title: 'Frontend Engineer',
    place: 'Nairobi or remote within Kenya · Full time',
    summary:
      'Build the store and app our customers use on patchy mobile data: React, TypeScript and offline-first web. You care about speed on a low-end Android phone as much as about clean code.',
  },
] as const

export function CareersPage() {
  return (
    <ContentPage
      eyebrow="Careers"
      title="Work with us"
      lead={`We are a small Nairobi team bringing premium fashion to the whole of Kenya. If you care about great service and beautiful things, there may be a place for you at ${store.name}.`}
    >
      <Prose>
        <Section title="Why join us">
          <ul>
            <li>A monthly wardrobe allowance and a generous staff discount.</li>
            <li>Medical cover for you and your dependants, and NSSF and SHIF contributions.</li>
            <li>Training in styling, watchmaking basics and customer care, and time to learn.</li>
            <li>A team that promotes from within: many of our leads started in the showroom.</li>
          </ul>
        </Section>
      </Prose>

      <section className="content-block" aria-labelledby="careers-roles-title">
        <h2 id="careers-roles-title" className="content-heading card-list__heading">
          Open positions
        </h2>
        <ul className="card-list">
          {roles.map((role) => (
            <li key={role.title} className="card-list__item">
              <h3 className="card-list__title">{role.title}</h3>
              <p className="card-list__meta">{role.place}</p>
              <p className="card-list__text">{role.summary}</p>
            </li>
          ))}
        </ul>
      </section>

      <Prose className="content-block">
        <Section title="How to apply">
          <p>
            Email your CV and a few lines about yourself to{' '}
            <a href={`mailto:${store.email}?subject=Careers`}>{store.email}</a>, with the role in
            the subject line. Tell us about a piece of clothing you love and why. We reply to every
            applicant within two weeks.
          </p>
          <p>
            No role for you today? Send us your CV anyway: we keep it on file for six months, with
            your permission. We never ask applicants for money at any stage; report anyone who does.
          </p>
        </Section>
      </Prose>
    </ContentPage>
  )
}
