import { Box } from '@chakra-ui/react/box'
import { Grid } from '@chakra-ui/react/grid'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { ArrowRightIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { Illustration, SectionHeading } from './section-heading'

/** Fashion collections (spec §2 "Home links"): women, men and heritage. */
const collections = [
  {
    title: "Women's Collection",
    line: 'Evening gowns, wrap dresses and sharp sets.',
    image: '/images/products/gown-emerald.svg',
    to: paths.women,
  },
  {
    title: "Men's Collection",
    line: 'Tailored jackets, linen shirts and clean sneakers.',
    image: '/images/products/jacket-camel.svg',
    to: paths.men,
  },
  {
    title: 'Heritage Collection',
    line: 'Kitenge, kikoy and Maasai beadwork, made in Kenya.',
    image: '/images/products/matching-set-kitenge-print.svg',
    to: paths.heritage,
  },
] as const

export function Collections() {
  return (
    <chakra.section
      aria-labelledby="fashion-collections"
      py={{ base: '14', md: '20' }}
      px={{ base: '5', lg: '8' }}
    >
      <Box maxW="7xl" mx="auto">
        <SectionHeading
          id="fashion-collections"
          eyebrow="Collections"
          title="Fashion Collections"
        />
        <Grid
          as="ul"
          listStyleType="none"
          mt={{ base: '8', md: '12' }}
          gap={{ base: '5', md: '6' }}
          templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }}
        >
          {collections.map((collection) => (
            <li key={collection.title}>
              <Link to={collection.to} className="group">
                <Grid
                  templateColumns={{ base: '8rem 1fr', md: '1fr' }}
                  gap={{ base: '4', md: '0' }}
                  alignItems="center"
                >
                  <Box
                    aspectRatio="4 / 5"
                    overflow="hidden"
                    bg="#f3eee7"
                    css={{ '.group:hover & img': { transform: 'scale(1.04)' } }}
                  >
                    <Illustration src={collection.image} />
                  </Box>
                  <Box mt={{ md: '4' }}>
                    <chakra.span
                      display="block"
                      fontFamily="heading"
                      fontSize={{ base: 'xl', md: '2xl' }}
                      color="brand.ink"
                    >
                      {collection.title}
                    </chakra.span>
                    <chakra.span display="block" mt="1" fontSize="sm" color="brand.muted">
                      {collection.line}
                    </chakra.span>
                    <chakra.span
                      display="inline-flex"
                      alignItems="center"
                      gap="2"
                      mt="3"
                      minH="6"
                      fontSize="xs"
                      fontWeight="semibold"
                      letterSpacing="0.18em"
                      color="brand.gold"
                      borderBottomWidth="1px"
                      borderColor="brand.gold"
                      aria-hidden="true"
                    >
                      EXPLORE <ArrowRightIcon size={14} />
                    </chakra.span>
                  </Box>
                </Grid>
              </Link>
            </li>
          ))}
        </Grid>
      </Box>
    </chakra.section>
  )
}
