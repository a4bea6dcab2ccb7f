import type { ImgHTMLAttributes } from 'react'
import { placeholderImage } from '@/config/site'
import './product-image.css'

export interface ProductImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'width' | 'height'
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
 * the placeholder when the file is missing or fails. It fills its box (product-image.css).
 */
export function ProductImage({
  src,
  alt,
  width,
  height,
  priority = false,
  className,
  ...rest
}: ProductImageProps) {
  return (
    <img
      src={src || placeholderImage}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onError={(event) => {
        const image = event.currentTarget
        if (!image.src.endsWith(placeholderImage)) image.src = placeholderImage
      }}
      className={className ? `product-image ${className}` : 'product-image'}
      {...rest}
    />
  )
}
