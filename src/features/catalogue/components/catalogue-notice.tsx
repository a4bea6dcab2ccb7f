import { Box } from '@chakra-ui/react/box'
import { Heading } from '@chakra-ui/react/heading'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { WifiOffIcon } from '@/components/icons'
import type { CatalogueView } from '../use-catalogue'

/** Why there is nothing to show: offline with no saved copy, or the catalogue failed to load. */
export function CatalogueProblem({ catalogue }: { catalogue: CatalogueView }) {
  const offline = catalogue.status === 'offline-empty'
  return (
    <Box role="alert" textAlign="center" py="16" px="4" bg="brand.cream">
      <Box display="inline-flex" color="brand.gold" mb="3">
        <WifiOffIcon size={32} />
      </Box>
      <Heading as="h2" fontFamily="heading" fontWeight="normal" fontSize="xl">
        {offline ? 'You are offline' : 'The shop could not be loaded'}
      </Heading>
      <Text color="brand.muted" mt="2" maxW="md" mx="auto">
        {offline
          ? 'Products appear here once you are back online; after that they stay on this device for offline browsing.'
          : 'Something went wrong while loading the products. Please try again.'}
      </Text>
      <chakra.button
        type="button"
        onClick={catalogue.retry}
        mt="5"
        minH="11"
        px="6"
        bg="brand.ink"
        color="white"
        fontSize="xs"
        fontWeight="semibold"
        letterSpacing="0.16em"
        textTransform="uppercase"
        _hover={{ bg: 'brand.charcoal' }}
      >
        Try again
      </chakra.button>
    </Box>
  )
}

/** A quiet line when the products shown are the saved copy and the network could not confirm them. */
export function StaleNotice({ catalogue }: { catalogue: CatalogueView }) {
  if (!catalogue.stale || catalogue.status !== 'ready') return null
  return (
    <Text
      role="status"
      fontSize="xs"
      color="brand.muted"
      display="flex"
      alignItems="center"
      gap="2"
      mb="4"
    >
      <WifiOffIcon size={14} />
      Showing products saved on this device; prices and stock are confirmed at checkout.
    </Text>
  )
}
