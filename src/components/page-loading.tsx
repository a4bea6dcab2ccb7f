import { Center } from '@chakra-ui/react/center'
import { Spinner } from '@chakra-ui/react/spinner'

/** The fallback shown while a lazily loaded page arrives. */
export function PageLoading() {
  return (
    <Center minH="50vh" role="status" aria-live="polite" aria-label="Loading page">
      <Spinner size="lg" />
    </Center>
  )
}
