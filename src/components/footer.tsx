import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Grid } from '@chakra-ui/react/grid'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { paths } from '@/config/paths'
import { delivery, returnsPolicy, store } from '@/config/site'
import {
  CashIcon,
  ClockIcon,
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  MobileMoneyIcon,
  PhoneIcon,
  TikTokIcon,
} from './icons'
import { Logo } from './logo'

const kes = new Intl.NumberFormat('en-KE')

const quickLinks = [
  { label: 'Women', to: paths.women },
  { label: 'Men', to: paths.men },
  { label: 'Kids', to: paths.kids },
  { label: 'Beauty', to: paths.beauty },
  { label: 'New Arrivals', to: paths.newArrivals },
  { label: 'Sale', to: paths.sale },
  { label: 'Designer Brands', to: paths.brands },
  { label: 'Our Story', to: paths.ourStory },
  { label: 'Blog', to: paths.blog },
] as const

const careLinks = [
  { label: 'Contact Us', to: paths.contact },
  { label: 'Shipping Info', to: paths.shippingInfo },
  { label: 'Returns', to: paths.returns },
  { label: 'Size Guide', to: paths.sizeGuide },
  { label: 'FAQ', to: paths.faq },
  { label: 'My Account', to: paths.account },
  { label: 'Become an Affiliate', to: paths.affiliateProgram },
  { label: 'Privacy Policy', to: paths.privacyPolicy },
  { label: 'Terms of Service', to: paths.termsOfService },
] as const

const columnHeading = {
  fontFamily: 'heading',
  fontSize: 'md',
  fontWeight: 'semibold',
  letterSpacing: '0.06em',
  color: 'white',
  mb: '3',
} as const

const footerLink = {
  display: 'inline-flex',
  alignItems: 'center',
  minH: '11',
  fontSize: 'sm',
  color: 'whiteAlpha.800',
  _hover: { color: 'brand.goldLight', textDecoration: 'underline' },
} as const

function LinkColumn({
  title,
  links,
}: {
  title: string
  links: readonly { label: string; to: (typeof quickLinks | typeof careLinks)[number]['to'] }[]
}) {
  return (
    <chakra.nav aria-label={title}>
      <chakra.h2 css={columnHeading}>{title}</chakra.h2>
      <chakra.ul listStyleType="none">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>
              <chakra.span css={footerLink}>{link.label}</chakra.span>
            </Link>
          </li>
        ))}
      </chakra.ul>
    </chakra.nav>
  )
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Flex as="li" gap="3" align="flex-start" py="1.5" fontSize="sm" color="whiteAlpha.800">
      <Box color="brand.goldLight" pt="0.5" flexShrink={0}>
        {icon}
      </Box>
      <Box>{children}</Box>
    </Flex>
  )
}

export interface FooterProps {
  /** The newsletter signup form. */
  newsletter?: ReactNode
  /** The demo button that fills the cart and wishlist with sample items. */
  demo?: ReactNode
}

/**
 * The site footer (spec §1, §2): newsletter, Quick Links, Customer Care, contact details and opening
 * hours, payment notes and the demo button. Interactive pieces that belong to features come in as slots.
 */
export function Footer({ newsletter, demo }: FooterProps) {
  return (
    <chakra.footer bg="brand.ink" color="white" mt="auto">
      {newsletter ? (
        <Box borderBottomWidth="1px" borderColor="whiteAlpha.200">
          <Flex
            maxW="7xl"
            mx="auto"
            px={{ base: '5', lg: '8' }}
            py={{ base: '10', md: '12' }}
            gap={{ base: '6', md: '10' }}
            direction={{ base: 'column', md: 'row' }}
            align={{ md: 'center' }}
          >
            <Box flex="1">
              <chakra.h2
                fontFamily="heading"
                fontSize={{ base: '2xl', md: '3xl' }}
                lineHeight="1.2"
              >
                Stay in style
              </chakra.h2>
              <chakra.p mt="2" color="whiteAlpha.800" fontSize="sm" maxW="md">
                New arrivals, exclusive offers and style notes from Nairobi, straight to your inbox.
              </chakra.p>
            </Box>
            <Box flex="1" maxW={{ md: 'md' }}>
              {newsletter}
            </Box>
          </Flex>
        </Box>
      ) : null}

      <Grid
        maxW="7xl"
        mx="auto"
        px={{ base: '5', lg: '8' }}
        py={{ base: '10', md: '14' }}
        columnGap={{ base: '4', md: '8' }}
        rowGap={{ base: '10', md: '8' }}
        templateColumns={{ base: '1fr 1fr', lg: '1.3fr 1fr 1fr 1.3fr' }}
      >
        <Box gridColumn={{ base: 'span 2', lg: 'auto' }}>
          <Logo variant="full" tone="light" size="md" align="start" />
          <chakra.p mt="4" fontSize="sm" color="whiteAlpha.800" maxW="xs">
            Premium fashion, shoes, bags, jewelry, beauty and watches, chosen in Nairobi and
            delivered across Kenya.
          </chakra.p>
          <Flex mt="4" gap="2" align="center" fontSize="sm" color="whiteAlpha.800">
            <Flex gap="2" color="whiteAlpha.900" aria-hidden="true">
              <InstagramIcon />
              <FacebookIcon />
              <TikTokIcon />
            </Flex>
            <chakra.span>Follow us @luxekenya</chakra.span>
          </Flex>
        </Box>

        <LinkColumn title="Quick Links" links={quickLinks} />
        <LinkColumn title="Customer Care" links={careLinks} />

        <Box gridColumn={{ base: 'span 2', lg: 'auto' }}>
          <chakra.h2 css={columnHeading}>Visit &amp; Contact</chakra.h2>
          <chakra.address fontStyle="normal">
            <chakra.ul listStyleType="none">
              <ContactLine icon={<MapPinIcon size={18} />}>{store.address}</ContactLine>
              <ContactLine icon={<PhoneIcon size={18} />}>
                <chakra.a href={`tel:${store.phoneE164}`} _hover={{ color: 'brand.goldLight' }}>
                  {store.phoneDisplay}
                </chakra.a>
              </ContactLine>
              <ContactLine icon={<MailIcon size={18} />}>
                <chakra.a href={`mailto:${store.email}`} _hover={{ color: 'brand.goldLight' }}>
                  {store.email}
                </chakra.a>
              </ContactLine>
              <ContactLine icon={<ClockIcon size={18} />}>
                {store.openingHours.map((line) => (
                  <chakra.span key={line.days} display="block">
                    {line.days} {line.hours}
                  </chakra.span>
                ))}
              </ContactLine>
            </chakra.ul>
          </chakra.address>
        </Box>
      </Grid>

      <Box borderTopWidth="1px" borderColor="whiteAlpha.200">
        <Flex
          maxW="7xl"
          mx="auto"
          px={{ base: '5', lg: '8' }}
          py="6"
          gap="4"
          direction={{ base: 'column', md: 'row' }}
          align={{ md: 'center' }}
          justify="space-between"
          fontSize="sm"
          color="whiteAlpha.800"
        >
          <Flex gap="4" wrap="wrap" align="center">
            <Flex as="span" gap="2" align="center">
              <MobileMoneyIcon size={18} /> M-Pesa
            </Flex>
            <Flex as="span" gap="2" align="center">
              <CashIcon size={18} /> Cash on delivery
            </Flex>
            <chakra.span>
              Free delivery over KSh {kes.format(delivery.freeFromKes)} · {returnsPolicy.days}-day
              returns
            </chakra.span>
          </Flex>
          {demo ? <Box>{demo}</Box> : null}
        </Flex>
        <chakra.p
          textAlign="center"
          fontSize="xs"
          color="whiteAlpha.700"
          px="5"
          pb="8"
          letterSpacing="0.04em"
        >
          © {new Date().getFullYear()} {store.name}. All rights reserved.
        </chakra.p>
      </Box>
    </chakra.footer>
  )
}
