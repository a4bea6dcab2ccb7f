import { Box } from '@chakra-ui/react/box'
import { Grid } from '@chakra-ui/react/grid'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { SectionHeading } from './section-heading'

/** Shop by brand: the house labels, each leading to its department (spec §2 "Home links"). */
const labels = [
  {
    name: 'Atelier Homme',
    line: 'Tailoring, shirts and weekend essentials',
    to: paths.men,
    hue: '#1f2a47',
  },
  {
    name: 'Atelier Femme',
    line: 'Dresses, sets and evening wear',
    to: paths.women,
    hue: '#6e1b2c',
  },
  {
    name: 'Kitenge Edit',
    line: 'Bold Kenyan prints, made to be worn',
    to: paths.women,
    hue: '#94461f',
  },
  { name: 'Little Luxe', line: 'Playful pieces for ages 0 to 11', to: paths.kids, hue: '#17654a' },
  { name: 'Luxe Beauty', line: 'Skincare, fragrance and colour', to: paths.beauty, hue: '#5d3a85' },
] as const

export function BrandTiles() {
  return (
    <chakra.section
      aria-labelledby="shop-by-brand"
      bg="brand.cream"
      py={{ base: '14', md: '20' }}
      px={{ base: '5', lg: '8' }}
    >
      <Box maxW="7xl" mx="auto">
        <SectionHeading id="shop-by-brand" eyebrow="Our labels" title="Shop by Brand">
          Designed in Nairobi, made with Kenyan hands and the best of the world.
        </SectionHeading>
        <Grid
          as="ul"
          listStyleType="none"
          mt={{ base: '8', md: '12' }}
          gap={{ base: '3', md: '4' }}
          templateColumns={{
            base: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          }}
        >
          {labels.map((label) => (
            <li key={label.name}>
              <Link to={label.to}>
                <Box
                  position="relative"
                  display="flex"
                  flexDirection="column"
                  justifyContent="flex-end"
                  minH={{ base: '8.5rem', lg: '13rem' }}
                  p="5"
                  bg="brand.ink"
                  color="white"
                  overflow="hidden"
                  transition="transform 200ms ease"
                  _hover={{ transform: 'translateY(-2px)' }}
                  backgroundImage={`linear-gradient(150deg, ${label.hue} 0%, #111111 78%)`}
                >
                  <Box
                    position="absolute"
                    top="4"
                    insetEnd="4"
                    boxSize="10"
                    borderWidth="1px"
                    borderColor="brand.goldLight"
                    borderRadius="full"
                    aria-hidden="true"
                  />
                  <chakra.span fontFamily="heading" fontSize="xl" lineHeight="1.2">
                    {label.name}
                  </chakra.span>
                  <chakra.span mt="1" fontSize="sm" color="whiteAlpha.800">
                    {label.line}
                  </chakra.span>
                </Box>
              </Link>
            </li>
          ))}
        </Grid>
      </Box>
    </chakra.section>
  )
}
