import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { buttonLinkStyle } from '@/components/button-link'
import { promotions } from '@/config/site'

/** The sale banner (spec §1, §9): the percentage comes from the store config. */
export function SaleBanner() {
  return (
    <chakra.section
      aria-labelledby="sale-banner"
      color="white"
      bg="brand.sale"
      backgroundImage="linear-gradient(120deg, #8e1c17 0%, #b3261e 55%, #6e1b2c 100%)"
      px={{ base: '5', lg: '8' }}
      py={{ base: '12', md: '16' }}
    >
      <Flex
        maxW="7xl"
        mx="auto"
        direction={{ base: 'column', md: 'row' }}
        align={{ md: 'center' }}
        justify="space-between"
        gap="6"
      >
        <Box>
          <chakra.p fontSize="xs" fontWeight="semibold" letterSpacing="0.3em">
            THE SEASON SALE
          </chakra.p>
          <chakra.h2
            id="sale-banner"
            mt="2"
            fontFamily="heading"
            fontWeight="normal"
            fontSize={{ base: '3rem', md: '4.5rem' }}
            lineHeight="1"
          >
            {promotions.saleBanner}
          </chakra.h2>
          <chakra.p mt="3" maxW="md" color="whiteAlpha.900">
            Designer pieces, watches and accessories at their lowest prices of the year, while
            stocks last.
          </chakra.p>
        </Box>
        <Link to="/sale">
          <chakra.span css={buttonLinkStyle('light')}>Shop the Sale</chakra.span>
        </Link>
      </Flex>
    </chakra.section>
  )
}
