import { Image } from '@chakra-ui/react/image'
import { placeholderImage } from '@/config/site'

/**
 * A small product picture with fixed dimensions (no layout shift); a missing or broken image shows the
 * placeholder instead.
 */
export function ProductThumb({ src, size = 64 }: { src: string | undefined; size?: number }) {
  return (
    <Image
      src={src || placeholderImage}
      alt=""
      htmlWidth={size}
      htmlHeight={size}
      w={`${size}px`}
      h={`${size}px`}
      loading="lazy"
      decoding="async"
      flexShrink={0}
      objectFit="cover"
      bg="brand.cream"
      borderRadius="sm"
      onError={(event) => {
        const image = event.currentTarget
        if (!image.src.endsWith(placeholderImage)) image.src = placeholderImage
      }}
    />
  )
}
