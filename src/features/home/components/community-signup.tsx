import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'
import { StarIcon } from '@/components/icons'
import { store } from '@/config/site'

/** The community claim (spec §1) above the home page's newsletter signup (passed in as `form`). */
export function CommunitySignup({ form }: { form?: ReactNode }) {
  return (
    <chakra.section
      aria-labelledby="join-community"
      bg="brand.cream"
      py={{ base: '14', md: '20' }}
      px={{ base: '5', lg: '8' }}
    >
      <Box maxW="2xl" mx="auto" textAlign="center">
        <Flex justify="center" gap="1" color="brand.gold" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((star) => (
            <StarIcon key={star} size={16} />
          ))}
        </Flex>
        <chakra.h2
          id="join-community"
          mt="4"
          fontFamily="heading"
          fontWeight="normal"
          fontSize={{ base: '1.75rem', md: '2.5rem' }}
          lineHeight="1.15"
        >
          Join {store.enthusiasts} enthusiasts
        </chakra.h2>
        <chakra.p mt="3" color="brand.muted">
          Shoppers from Mombasa to Kisumu get our new arrivals, private sales and style notes first.
          Subscribe and never miss a drop.
        </chakra.p>
        {form ? (
          <Box mt="8" maxW="lg" mx="auto">
            {form}
          </Box>
        ) : null}
      </Box>
    </chakra.section>
  )
}
