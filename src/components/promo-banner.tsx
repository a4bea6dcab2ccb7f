import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState } from 'react'
import { delivery, promotions } from '@/config/site'
import { CloseIcon } from './icons'

const kes = new Intl.NumberFormat('en-KE')

/**
 * The strip above the header (spec §2 "Home links"): free delivery from the one threshold in the store
 * config, and the email offer. Shown until dismissed; the dismissal is deliberately not remembered.
 */
export function PromoBanner() {
  const [dismissed, setDismissed] = useState(false)
  if (dismissed) return null
  return (
    <chakra.aside aria-label="Promotion" bg="brand.ink" color="white">
      <Flex
        maxW="7xl"
        mx="auto"
        align="center"
        gap="2"
        ps={{ base: '4', md: '12' }}
        pe="1"
        minH="11"
      >
        <chakra.p
          flex="1"
          py="2"
          textAlign="center"
          fontSize={{ base: '0.75rem', md: 'sm' }}
          letterSpacing="0.04em"
          lineHeight="1.4"
        >
          Free delivery across Kenya on orders over KSh {kes.format(delivery.freeFromKes)}
          <chakra.span color="brand.goldLight" px="2" aria-hidden="true">
            ·
          </chakra.span>
          <chakra.span whiteSpace={{ md: 'nowrap' }}>
            <chakra.strong color="brand.goldLight" fontWeight="semibold">
              {promotions.emailOfferPercent}% OFF
            </chakra.strong>{' '}
            your first order when you sign up by email
          </chakra.span>
        </chakra.p>
        <chakra.button
          type="button"
          aria-label="Dismiss promotion"
          title="Dismiss promotion"
          onClick={() => setDismissed(true)}
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          boxSize="11"
          flexShrink={0}
          borderRadius="full"
          color="white"
          _hover={{ bg: 'whiteAlpha.200' }}
        >
          <CloseIcon size={18} />
        </chakra.button>
      </Flex>
    </chakra.aside>
  )
}
