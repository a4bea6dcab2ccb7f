import { Box } from '@chakra-ui/react/box'
import { Grid } from '@chakra-ui/react/grid'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { buttonLinkStyle } from '@/components/button-link'
import { Illustration, SectionHeading } from './section-heading'

const shoes = [
  '/images/products/heel-black.svg',
  '/images/products/sneaker-white.svg',
  '/images/products/loafer-cognac.svg',
  '/images/products/boot-tan.svg',
] as const

/** The premium footwear section, leading to the shoe store. */
export function FootwearSection() {
  return (
    <chakra.section
      aria-labelledby="premium-footwear"
      bg="brand.ivory"
      py={{ base: '14', md: '20' }}
      px={{ base: '5', lg: '8' }}
    >
      <Grid
        maxW="7xl"
        mx="auto"
        gap={{ base: '8', lg: '16' }}
        alignItems="center"
        templateColumns={{ base: '1fr', lg: '1fr 1.2fr' }}
      >
        <Box>
          <SectionHeading
            id="premium-footwear"
            eyebrow="Premium Footwear"
            title="Step Out in Style"
            align="start"
          >
            Heels for the evening, sneakers for the city, loafers for the office and sandals for the
            coast, from Nairobi workshops and the world&apos;s great houses.
          </SectionHeading>
          <Box mt="8">
            <Link to="/shoes-store">
              <chakra.span css={buttonLinkStyle('solid')}>Shop Footwear</chakra.span>
            </Link>
          </Box>
        </Box>
        <Grid
          templateColumns="repeat(4, minmax(0, 1fr))"
          gap={{ base: '2', md: '3' }}
          aria-hidden="true"
        >
          {shoes.map((src) => (
            <Box key={src} aspectRatio="4 / 5" overflow="hidden" bg="#f3eee7">
              <Illustration src={src} />
            </Box>
          ))}
        </Grid>
      </Grid>
    </chakra.section>
  )
}
