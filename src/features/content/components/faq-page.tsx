import { paths } from '@/config/paths'
import { faqGroups } from '../content/faqs'
import { ContentPage } from './content-layout'
import { TextLink } from './text-link'
import { FaqList } from './faq-list'
import './faq-page.css'

export function FaqPage() {
  return (
    <ContentPage
      eyebrow="Help"
      title="Frequently asked questions"
      lead="Quick answers about paying with M-Pesa, delivery across Kenya, returns, sizes and the app."
    >
      {faqGroups.map((group) => (
        <section key={group.title} className="faq-page__group" aria-label={group.title}>
          <h2 className="content-heading faq-page__group-title">{group.title}</h2>
          <FaqList items={group.items} />
        </section>
      ))}
      <p className="faq-page__more">
        Still stuck? <TextLink to={paths.contact}>Contact our team</TextLink> and we will get back
        to you within one working day.
      </p>
    </ContentPage>
  )
}
