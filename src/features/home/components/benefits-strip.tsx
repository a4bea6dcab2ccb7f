import { Box } from '@chakra-ui/react/box'
import { Grid } from '@chakra-ui/react/grid'
import { chakra } from '@chakra-ui/react/styled-system'
import { HandHeartIcon, ReturnIcon, ShieldCheckIcon, TruckIcon } from '@/components/icons'
import { delivery, returnsPolicy } from '@/config/site'

const kes = new Intl.NumberFormat('en-KE')

/** The benefits strip (spec §1): the threshold and the return window come from the store config. */
const benefits = [
  {
    icon: TruckIcon,
    title: 'Free Delivery',
    text: `Across Kenya on orders over KSh ${kes.format(delivery.freeFromKes)}`,
  },
  { icon: ShieldCheckIcon, title: 'Authentic Quality', text: 'Genuine pieces, checked by hand' },
  {
    icon: ReturnIcon,
    title: `${returnsPolicy.days}-Day Returns`,
    text: 'Easy returns and exchanges',
  },
  { icon: HandHeartIcon, title: 'Local Impact', text: 'Supporting Kenyan artisans and makers' },
] as const

export function BenefitsStrip() {
  return (
    <chakra.section
      aria-label="Why shop with us"
      borderBlockWidth="1px"
      borderColor="brand.line"
      px={{ base: '5', lg: '8' }}
      py={{ base: '8', md: '10' }}
    >
      <Grid
        as="ul"
        listStyleType="none"
        maxW="7xl"
        mx="auto"
        gap={{ base: '6', md: '8' }}
        templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }}
      >
        {benefits.map(({ icon: Icon, title, text }) => (
          <Box
            as="li"
            key={title}
            display="flex"
            flexDirection={{ base: 'column', md: 'row' }}
            gap="3"
            alignItems={{ md: 'center' }}
          >
            <Box color="brand.gold" flexShrink={0}>
              <Icon size={28} />
            </Box>
            <Box>
              <chakra.h3 fontFamily="heading" fontSize="md" fontWeight="semibold">
                {title}
              </chakra.h3>
              <chakra.p mt="0.5" fontSize="sm" color="brand.muted">
                {text}
              </chakra.p>
            </Box>
          </Box>
        ))}
      </Grid>
    </chakra.section>
  )
}
