import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { buttonLinkStyle } from '@/components/button-link'
import { ArrowRightIcon } from '@/components/icons'

/**
 * The opening band. Text first: the headline is the largest thing painted, so it is the LCP element and
 * needs no image; the art on wide screens is pure CSS (a shuka-check arch and a gold sun).
 */
export function Hero() {
  return (
    <chakra.section
      aria-labelledby="hero-title"
      position="relative"
      overflow="hidden"
      bg="brand.ink"
      color="white"
      backgroundImage="radial-gradient(ellipse at 85% 10%, rgba(212, 178, 90, 0.22), transparent 55%), linear-gradient(160deg, #171717 0%, #0c0c0c 100%)"
    >
      <Flex
        maxW="7xl"
        mx="auto"
        px={{ base: '5', lg: '8' }}
        py={{ base: '14', md: '20', lg: '24' }}
        minH={{ md: '32rem' }}
        align="center"
        gap="12"
      >
        <Box flex="1" maxW="2xl" position="relative" zIndex="1">
          <chakra.p
            fontSize="xs"
            fontWeight="semibold"
            letterSpacing="0.32em"
            textTransform="uppercase"
            color="brand.goldLight"
          >
            Nairobi · New Season
          </chakra.p>
          <chakra.h1
            id="hero-title"
            mt="4"
            fontFamily="heading"
            fontWeight="normal"
            fontSize={{ base: '2.75rem', sm: '3.5rem', lg: '4.75rem' }}
            lineHeight="1.02"
            letterSpacing="-0.01em"
          >
            Kenyan Fashion Redefined
          </chakra.h1>
          <chakra.p mt="5" maxW="lg" fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.800">
            Premium fashion, shoes, bags, jewelry and watches, chosen in Nairobi and delivered to
            all 47 counties. Pay with <chakra.span whiteSpace="nowrap">M-Pesa</chakra.span> or cash
            on delivery.
          </chakra.p>
          <Flex mt="8" gap="3" direction={{ base: 'column', sm: 'row' }}>
            <Link to="/new-arrivals">
              <chakra.span css={buttonLinkStyle('gold')} w={{ base: 'full', sm: 'auto' }}>
                Shop New Arrivals <ArrowRightIcon size={16} />
              </chakra.span>
            </Link>
            <Link to="/heritage">
              <chakra.span css={buttonLinkStyle('outlineLight')} w={{ base: 'full', sm: 'auto' }}>
                Explore Heritage
              </chakra.span>
            </Link>
          </Flex>
        </Box>

        <Box
          display={{ base: 'none', lg: 'block' }}
          position="relative"
          flexShrink={0}
          w="22rem"
          h="26rem"
          aria-hidden="true"
        >
          <Box
            position="absolute"
            top="2rem"
            insetEnd="0"
            w="17rem"
            h="24rem"
            borderTopRadius="full"
            borderWidth="1px"
            borderColor="brand.goldLight"
          />
          <Box
            position="absolute"
            top="0"
            insetEnd="2.5rem"
            w="17rem"
            h="24rem"
            borderTopRadius="full"
            backgroundColor="#7d1d22"
            backgroundImage="repeating-linear-gradient(0deg, rgba(17,17,17,0.55) 0 6px, transparent 6px 30px), repeating-linear-gradient(90deg, rgba(17,17,17,0.55) 0 6px, transparent 6px 30px), repeating-linear-gradient(90deg, rgba(212,178,90,0.35) 0 2px, transparent 2px 15px)"
            boxShadow="0 30px 60px rgba(0,0,0,0.45)"
          />
          <Box
            position="absolute"
            bottom="1rem"
            insetStart="0"
            boxSize="7rem"
            borderRadius="full"
            bg="brand.goldLight"
            backgroundImage="radial-gradient(circle at 35% 30%, #ecd590, #b8923a)"
          />
        </Box>
      </Flex>
    </chakra.section>
  )
}
