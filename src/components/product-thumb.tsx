import { placeholderImage } from '@/config/site'
import './product-thumb.css'

/**
 * A small product picture with fixed dimensions (no layout shift); a missing or broken image shows the
 * placeholder instead.
 */
export function ProductThumb({ src, size = 64 }: { src: string | undefined; size?: number }) {
  return (
    <img
      src={src || placeholderImage}
      alt=""
      width={size}
      height={size}
      style={{ width: size, height: size }}
      loading="lazy"
      decoding="async"
      className="product-thumb"
      onError={(event) => {
        const image = event.currentTarget
        if (!image.src.endsWith(placeholderImage)) image.src = placeholderImage
      }}
    />
  )
}
