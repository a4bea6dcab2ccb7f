import { Heading } from '@chakra-ui/react/heading'
import type { BlogSlug } from '@/config/paths'

/** Placeholder until its feature lands. */
export function BlogArticlePage({ slug }: { slug: BlogSlug }) {
  return <Heading as="h1">{slug}</Heading>
}
