import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import { paths } from '@/config/paths'
import type { Product } from '../types'
import { PriceTag } from './price-tag'
import './product-card.css'
import { ProductImage } from './product-image'
import { RatingStars } from './rating-stars'
import { WishlistHeart } from './wishlist-heart'

/**
 * A product in a grid: picture, brand, name, rating and price, linking to its page. The heart sits
 * beside the link (not inside it), so each control does one thing. Plain elements with a static
 * stylesheet (product-card.css): a page shows dozens of cards, and each styled element costs work.
 * Memoised on its product: the catalogue keeps an unchanged product the same object when it is read
 * again (keep-unchanged.ts), so a new stock count draws its own card only.
 */
export const ProductCard = memo(function ProductCard({
  product,
  priority = false,
}: {
  product: Product
  priority?: boolean
}) {
  return (
    <article className="product-card" aria-label={product.name}>
      <Link to={paths.product(product.slug)} className="product-card__link">
        <div className="product-card__media">
          <ProductImage
            src={product.image}
            alt=""
            width={400}
            height={500}
            priority={priority}
            className="product-card__image"
          />
          {product.discount > 0 || product.newArrival || product.stock <= 0 ? (
            <div className="product-card__badges">
              {product.discount > 0 ? (
                <span className="product-card__badge product-card__badge--sale">
                  -{product.discount}%
                </span>
              ) : null}
              {product.newArrival ? (
                <span className="product-card__badge product-card__badge--new">New</span>
              ) : null}
              {product.stock <= 0 ? (
                <span className="product-card__badge product-card__badge--sold-out">Sold out</span>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="product-card__body">
          <p className="product-card__brand">{product.brand}</p>
          <h3 className="product-card__name">{product.name}</h3>
          <div className="product-card__rating">
            {product.rating > 0 ? <RatingStars rating={product.rating} size={12} /> : null}
          </div>
          <PriceTag
            price={product.price}
            discount={product.discount}
            className="product-card__price"
          />
        </div>
      </Link>
      <WishlistHeart product={product} className="product-card__heart" />
    </article>
  )
})

/** A card's shape while the catalogue loads: same size, so nothing moves when products arrive. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true">
      <div className="product-card__shimmer product-card__shimmer--media" />
      <div className="product-card__body">
        <div className="product-card__shimmer product-card__shimmer--brand" />
        <div className="product-card__shimmer product-card__shimmer--name" />
        <div className="product-card__shimmer product-card__shimmer--rating" />
        <div className="product-card__shimmer product-card__shimmer--price" />
      </div>
    </div>
  )
}
