import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import type { Product } from '../types'
import { PriceTag } from './price-tag'
import { ProductImage } from './product-image'
import { RatingStars } from './rating-stars'
import { WishlistHeart } from './wishlist-heart'

const badgeStyle = {
  px: '2',
  py: '0.5',
  fontSize: '2xs',
  fontWeight: 'bold',
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  lineHeight: '1.6',
} as const

/**
 * A product in a grid: picture, brand, name, rating and price, linking to its page. The heart sits
 * beside the link (not inside it), so each control does one thing.
 */
export function ProductCard({
  product,
  priority = false,
}: {
  product: Product
  priority?: boolean
}) {
  return (
    <Box as="article" position="relative" className="group" aria-label={product.name}>
      <Link to={paths.product(product.slug)} style={{ display: 'block' }}>
        <Box position="relative" aspectRatio="4 / 5" bg="brand.cream" overflow="hidden">
          <ProductImage
            src={product.image}
            alt=""
            width={400}
            height={500}
            priority={priority}
            transition="transform 400ms ease"
            _groupHover={{ transform: 'scale(1.03)' }}
          />
          <Flex position="absolute" top="2" insetStart="2" gap="1" direction="column" align="start">
            {product.discount > 0 ? (
              <chakra.span {...badgeStyle} bg="brand.sale" color="white">
                -{product.discount}%
              </chakra.span>
            ) : null}
            {product.newArrival ? (
              <chakra.span {...badgeStyle} bg="brand.ink" color="white">
                New
              </chakra.span>
            ) : null}
            {product.stock <= 0 ? (
              <chakra.span {...badgeStyle} bg="white" color="brand.ink">
                Sold out
              </chakra.span>
            ) : null}
          </Flex>
        </Box>
        <Box pt="3" pb="1">
          <Text
            fontSize="2xs"
            letterSpacing="0.16em"
            textTransform="uppercase"
            color="brand.muted"
            lineClamp={1}
            minH="4"
          >
            {product.brand}
          </Text>
          <Text
            as="h3"
            fontSize="sm"
            fontWeight="medium"
            color="brand.ink"
            lineClamp={2}
            minH="10"
            mt="0.5"
            _groupHover={{ textDecoration: 'underline', textUnderlineOffset: '3px' }}
          >
            {product.name}
          </Text>
          <Box mt="1.5" minH="3.5">
            {product.rating > 0 ? <RatingStars rating={product.rating} size={12} /> : null}
          </Box>
          <Box mt="1.5">
            <PriceTag price={product.price} discount={product.discount} />
          </Box>
        </Box>
      </Link>
      <Box position="absolute" top="2" insetEnd="2">
        <WishlistHeart product={product} />
      </Box>
    </Box>
  )
}

/** A card's shape while the catalogue loads: same size, so nothing moves when products arrive. */
export function ProductCardSkeleton() {
  const shimmer = { bg: 'brand.ivory', animation: 'pulse 1.6s ease-in-out infinite' } as const
  return (
    <Box aria-hidden="true">
      <Box aspectRatio="4 / 5" {...shimmer} />
      <Box pt="3" pb="1">
        <Box h="4" w="40%" {...shimmer} />
        <Box h="10" mt="0.5" w="85%" {...shimmer} />
        <Box h="3.5" mt="1.5" w="30%" {...shimmer} />
        <Box h="5" mt="1.5" w="45%" {...shimmer} />
      </Box>
    </Box>
  )
}
