import { Box } from '@chakra-ui/react/box'
import { Grid } from '@chakra-ui/react/grid'
import { chakra } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'
import { ClockIcon, MailIcon, MapPinIcon, MessageIcon, PhoneIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { store } from '@/config/site'
import { ContactForm } from './contact-form'
import { ContentPage } from './content-layout'
import { TextLink } from './text-link'

function Detail({
  icon,
  title,
  children,
}: {
  icon: ReactNode
  title: string
  children: ReactNode
}) {
  return (
    <chakra.li display="flex" gap="3" py="3" borderBottomWidth="1px" borderColor="brand.line">
      <Box color="brand.gold" pt="1" flexShrink={0} aria-hidden="true">
        {icon}
      </Box>
      <Box>
        <chakra.h3 fontWeight="semibold" color="brand.ink">
          {title}
        </chakra.h3>
        <Box color="brand.charcoal">{children}</Box>
      </Box>
    </chakra.li>
  )
}

const link = { color: 'brand.goldDeep', textDecoration: 'underline', textUnderlineOffset: '3px' }

export function ContactPage() {
  return (
    <ContentPage
      wide
      eyebrow="Customer care"
      title="Contact us"
      lead="Questions about an order, a size or a gift? Our team in Nairobi answers by phone, WhatsApp and email, and in person at the showroom."
    >
      <Grid templateColumns={{ base: '1fr', md: '2fr 3fr' }} gap={{ base: '10', md: '14' }}>
        <Box as="section" aria-labelledby="contact-details-title">
          <chakra.h2
            id="contact-details-title"
            fontFamily="heading"
            fontSize="2xl"
            color="brand.ink"
          >
            Reach us
          </chakra.h2>
          <chakra.address fontStyle="normal">
            <chakra.ul listStyleType="none" mt="2">
              <Detail icon={<PhoneIcon size={20} />} title="Call us">
                <chakra.a href={`tel:${store.phoneE164}`} css={link}>
                  {store.phoneDisplay}
                </chakra.a>
              </Detail>
              <Detail icon={<MessageIcon size={20} />} title="WhatsApp">
                <chakra.a
                  href={`https://wa.me/${store.whatsapp}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  css={link}
                >
                  Chat with us on WhatsApp
                </chakra.a>
              </Detail>
              <Detail icon={<MailIcon size={20} />} title="Email">
                <chakra.a href={`mailto:${store.email}`} css={link}>
                  {store.email}
                </chakra.a>
              </Detail>
              <Detail icon={<MapPinIcon size={20} />} title="Showroom">
                {store.address}
              </Detail>
              <Detail icon={<ClockIcon size={20} />} title="Opening hours">
                {store.openingHours.map((line) => (
                  <chakra.span key={line.days} display="block">
                    {line.days}: {line.hours}
                  </chakra.span>
                ))}
              </Detail>
            </chakra.ul>
          </chakra.address>
          <chakra.p mt="5" fontSize="sm" color="brand.muted">
            Many answers are already in our <TextLink to={paths.faq}>FAQ</TextLink>, and our{' '}
            <TextLink to={paths.shippingInfo}>delivery</TextLink> and{' '}
            <TextLink to={paths.returns}>returns</TextLink> pages.
          </chakra.p>
        </Box>
        <Box>
          <ContactForm />
        </Box>
      </Grid>
    </ContentPage>
  )
}
