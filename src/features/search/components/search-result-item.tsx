import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { Link } from '@tanstack/react-router'
import { ArrowRightIcon } from '@/components/icons'
import { placeholderImage } from '@/config/site'
import { formatPrice } from '@/lib/money'
import type { SearchResult } from '../search-slice'

const kindLabels = {
  product: 'Product',
  'luxury-watch-brand': 'Luxury watch brand',
  'smart-watch-brand': 'Smart watch brand',
  page: 'Page',
} as const

function titleCase(slug: string): string {
  return slug
    .split(/[-\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase()
}

function Thumbnail({ result }: { result: SearchResult }) {
  const frame = {
    'aria-hidden': true,
    flexShrink: 0,
    boxSize: '14',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    bg: 'brand.cream',
    overflow: 'hidden',
  } as const
  if (result.type === 'product') {
    return (
      <Box {...frame}>
        <chakra.img
          src={result.image || placeholderImage}
          alt=""
          htmlWidth="56"
          htmlHeight="56"
          loading="lazy"
          decoding="async"
          objectFit="cover"
          boxSize="full"
          onError={(event) => {
            const image = event.currentTarget
            if (!image.src.endsWith(placeholderImage)) image.src = placeholderImage
          }}
        />
      </Box>
    )
  }
  if (result.type === 'page') {
    return (
      <Box {...frame} color="brand.gold">
        <ArrowRightIcon size={20} />
      </Box>
    )
  }
  return (
    <Box
      {...frame}
      borderRadius="full"
      bg="brand.ink"
      color="brand.goldLight"
      fontFamily="heading"
      fontSize="sm"
    >
      {initials(result.name)}
    </Box>
  )
}

/** One search result: a link to the product, the watch page or the page it names. */
export function SearchResultItem({ result, onPick }: { result: SearchResult; onPick: () => void }) {
  const detail =
    result.type === 'product'
      ? [titleCase(result.category ?? ''), result.brand].filter(Boolean).join(' · ')
      : result.type === 'page'
        ? kindLabels.page
        : kindLabels[result.type]
  return (
    <Link to={result.path} onClick={onPick} data-result={result.type}>
      <Flex
        align="center"
        gap="3"
        px="2"
        py="2"
        _hover={{ bg: 'brand.cream' }}
        css={{ 'a:focus-visible > &': { bg: 'brand.cream' } }}
      >
        <Thumbnail result={result} />
        <Box flex="1" minW="0">
          <Text fontWeight="medium" fontSize={{ base: 'sm', md: 'md' }} lineClamp={2}>
            {result.name}
          </Text>
          <Text fontSize="xs" color="brand.muted" lineClamp={1}>
            {detail}
          </Text>
        </Box>
        {result.type === 'product' && result.price !== undefined ? (
          <Text fontWeight="semibold" fontSize={{ base: 'xs', md: 'sm' }} flexShrink={0}>
            {formatPrice(result.price, 'KSH')}
          </Text>
        ) : null}
      </Flex>
    </Link>
  )
}
