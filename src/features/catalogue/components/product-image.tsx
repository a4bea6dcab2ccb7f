import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system'
import { placeholderImage } from '@/config/site'

export interface ProductImageProps extends Omit<
  HTMLChakraProps<'img'>,
  'src' | 'width' | 'height'
> {
  src: string | null
  alt: string
  width: number
  height: number
  /** For the few images visible at first paint (the largest one is the page's LCP). */
  priority?: boolean
}

/**
 * A product illustration with its size reserved (no layout shift), lazy unless it is seen at once, and
 * the placeholder when the file is missing or fails.
 */
export function ProductImage({
  src,
  alt,
  width,
  height,
  priority = false,
  ...rest
}: ProductImageProps) {
  return (
    <chakra.img
      src={src || placeholderImage}
      alt={alt}
      // html* props become the attributes (plain width/height would be read as styles).
      htmlWidth={width}
      htmlHeight={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onError={(event) => {
        const image = event.currentTarget
        if (!image.src.endsWith(placeholderImage)) image.src = placeholderImage
      }}
      display="block"
      w="full"
      h="full"
      objectFit="cover"
      {...rest}
    />
  )
}
