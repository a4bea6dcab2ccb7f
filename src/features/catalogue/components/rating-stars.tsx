import { Flex } from '@chakra-ui/react/flex'
import { chakra } from '@chakra-ui/react/styled-system'
import { StarIcon } from '@/components/icons'

/** Five stars filled to the rating, read out as 'Rated 4.5 out of 5'. */
export function RatingStars({ rating, size = 14 }: { rating: number; size?: number }) {
  const rounded = Math.round(rating * 10) / 10
  return (
    <Flex role="img" aria-label={`Rated ${rounded} out of 5`} align="center" gap="0.5">
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.max(0, Math.min(1, rating - index))
        return (
          <chakra.span key={index} position="relative" display="inline-flex" color="brand.line">
            <StarIcon size={size} />
            <chakra.span
              position="absolute"
              inset="0"
              overflow="hidden"
              color="brand.gold"
              style={{ width: `${fill * 100}%` }}
            >
              <StarIcon size={size} />
            </chakra.span>
          </chakra.span>
        )
      })}
    </Flex>
  )
}
