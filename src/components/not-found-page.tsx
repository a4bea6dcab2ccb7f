import { Heading } from '@chakra-ui/react/heading'

export function NotFoundPage() {
  return <Heading as="h1">Page not found</Heading>
}
