import { Box } from '@chakra-ui/react/box'
import { Text } from '@chakra-ui/react/text'
import { useOnlineStatus } from '@/lib/use-online-status'

export interface NeedsConnectionProps {
  /** What needs the server, as a heading would say it: 'Sign-in', 'Payment', 'Your account'. */
  feature: string
  /** What happens once the connection returns; a sensible default is given. */
  whenOnline?: string
}

/**
 * Says, while offline, that a screen needs the server, what still works, and what happens when the
 * connection returns. Renders nothing online. For sign-in, account, payment and admin screens.
 */
export function NeedsConnection({ feature, whenOnline }: NeedsConnectionProps) {
  const online = useOnlineStatus()
  if (online) return null
  return (
    <Box
      role="status"
      aria-live="polite"
      borderWidth="1px"
      borderColor="brand.gold"
      bg="brand.cream"
      color="brand.ink"
      borderRadius="md"
      px="4"
      py="3"
      my="4"
    >
      <Text fontWeight="semibold">{feature} needs a connection</Text>
      <Text fontSize="sm" mt="1">
        You&apos;re offline. Browsing, search, your cart and your wishlist still work.{' '}
        {whenOnline ?? `${feature} will be available again as soon as you're back online.`}
      </Text>
    </Box>
  )
}
