import { Box } from '@chakra-ui/react/box'
import { Grid } from '@chakra-ui/react/grid'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link, linkOptions } from '@tanstack/react-router'
import { Illustration, SectionHeading } from './section-heading'

/** Shop by category (spec §2 "Home links"). */
const categories = [
  {
    label: 'Dresses',
    image: '/images/products/dress-kitenge-print.svg',
    link: linkOptions({ to: '/products/$category', params: { category: 'dresses' } }),
  },
  {
    label: 'Matching Sets',
    image: '/images/products/matching-set-ankara-print.svg',
    link: linkOptions({ to: '/products/$category', params: { category: 'matching-sets' } }),
  },
  {
    label: 'Tops',
    image: '/images/products/top-ivory.svg',
    link: linkOptions({ to: '/products/$category', params: { category: 'tops' } }),
  },
  {
    label: 'Bottoms',
    image: '/images/products/trousers-khaki.svg',
    link: linkOptions({ to: '/products/$category', params: { category: 'bottoms' } }),
  },
  {
    label: 'Shoes',
    image: '/images/products/heel-champagne.svg',
    link: linkOptions({ to: '/shoes-store' }),
  },
  {
    label: 'Accessories',
    image: '/images/products/handbag-black.svg',
    link: linkOptions({ to: '/accessories' }),
  },
]

export function CategoryTiles() {
  return (
    <chakra.section
      aria-labelledby="shop-by-category"
      py={{ base: '14', md: '20' }}
      px={{ base: '5', lg: '8' }}
    >
      <Box maxW="7xl" mx="auto">
        <SectionHeading id="shop-by-category" eyebrow="Curated for you" title="Shop by Category" />
        <Grid
          as="ul"
          listStyleType="none"
          mt={{ base: '8', md: '12' }}
          gap={{ base: '3', md: '5' }}
          templateColumns={{
            base: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            xl: 'repeat(6, minmax(0, 1fr))',
          }}
        >
          {categories.map((category) => (
            <li key={category.label}>
              <Link {...category.link} className="group">
                <Box
                  aspectRatio="4 / 5"
                  overflow="hidden"
                  bg="#f3eee7"
                  css={{ '.group:hover & img': { transform: 'scale(1.04)' } }}
                >
                  <Illustration src={category.image} />
                </Box>
                <chakra.span
                  display="block"
                  mt="3"
                  fontFamily="heading"
                  fontSize={{ base: 'md', md: 'lg' }}
                  color="brand.ink"
                  textAlign="center"
                >
                  {category.label}
                </chakra.span>
              </Link>
            </li>
          ))}
        </Grid>
      </Box>
    </chakra.section>
  )
}
