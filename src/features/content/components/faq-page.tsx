import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { paths } from '@/config/paths'
import { faqGroups } from '../content/faqs'
import { ContentPage } from './content-layout'
import { TextLink } from './text-link'
import { FaqList } from './faq-list'

export function FaqPage() {
  return (
    <ContentPage
      eyebrow="Help"
      title="Frequently asked questions"
      lead="Quick answers about paying with M-Pesa, delivery across Kenya, returns, sizes and the app."
    >
      {faqGroups.map((group) => (
        <Box as="section" key={group.title} mb="10" aria-label={group.title}>
          <chakra.h2
            fontFamily="heading"
            fontSize={{ base: 'xl', md: '2xl' }}
            color="brand.ink"
            mb="3"
          >
            {group.title}
          </chakra.h2>
          <FaqList items={group.items} />
        </Box>
      ))}
      <chakra.p color="brand.muted">
        Still stuck? <TextLink to={paths.contact}>Contact our team</TextLink> and we will get back
        to you within one working day.
      </chakra.p>
    </ContentPage>
  )
}
