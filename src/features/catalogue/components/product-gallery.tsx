import { useRef, useState, type MouseEvent } from 'react'
import { placeholderImage } from '@/config/site'
import type { Picture } from '../product/pictures'
import './product-gallery.css'

/**
 * The product's pictures: a row that scrolls sideways with snap points (a swipe on a phone), previous and
 * next buttons and thumbnails below, and a Zoom button that shows the picture twice as large (following
 * the pointer where there is one). Each picture has its pixel size and a `srcset`, with `sizes` saying the slot is the full
 * width on a phone and half the page beside the details, so the browser never fetches more than the
 * slot needs. The first is the page's largest paint and loads at once.
 */
export function ProductGallery({ pictures, label }: { pictures: Picture[]; label: string }) {
  const track = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState(0)
  const [zoom, setZoom] = useState<{ index: number; x: number; y: number } | null>(null)
  const shown = pictures.length ? pictures : [placeholderPicture]

  const show = (index: number) => {
    const element = track.current
    if (!element) return
    setZoom(null)
    element.scrollTo({ left: index * element.clientWidth, behavior: 'smooth' })
    setCurrent(index)
  }

  const onScroll = () => {
    const element = track.current
    if (!element || element.clientWidth === 0) return
    const index = Math.round(element.scrollLeft / element.clientWidth)
    if (index !== current) {
      setCurrent(index)
      setZoom(null)
    }
  }

  const zoomAt = (event: MouseEvent<HTMLElement>, index: number) => {
    const box = event.currentTarget.getBoundingClientRect()
    const x = ((event.clientX - box.left) / box.width) * 100
    const y = ((event.clientY - box.top) / box.height) * 100
    return { index, x, y }
  }

  return (
    <div className="product-gallery" role="group" aria-roledescription="gallery" aria-label={label}>
      <div className="product-gallery__track" ref={track} onScroll={onScroll}>
        {shown.map((picture, index) => {
          const zoomed = zoom?.index === index
          return (
            <div
              key={picture.key}
              className={`product-gallery__slide${zoomed ? ' is-zoomed' : ''}`}
              onMouseMove={(event) => {
                if (zoomed) setZoom(zoomAt(event, index))
              }}
            >
              <img
                src={picture.src}
                srcSet={picture.srcSet}
                sizes={picture.srcSet ? '(min-width: 768px) 50vw, 100vw' : undefined}
                alt={picture.alt}
                width={picture.width}
                height={picture.height}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                decoding="async"
                style={zoomed ? { transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
                onError={(event) => {
                  const image = event.currentTarget
                  if (!image.src.endsWith(placeholderImage)) {
                    image.removeAttribute('srcset')
                    image.src = placeholderImage
                  }
                }}
              />
              <button
                type="button"
                className="product-gallery__zoom"
                aria-pressed={zoomed}
                tabIndex={index === current ? 0 : -1}
                onClick={() => setZoom(zoomed ? null : { index, x: 50, y: 50 })}
              >
                {zoomed ? 'Zoom out' : 'Zoom in'}
              </button>
            </div>
          )
        })}
      </div>
      {shown.length > 1 ? (
        <div className="product-gallery__controls">
          <button
            type="button"
            className="product-gallery__step"
            aria-label="Previous picture"
            disabled={current === 0}
            onClick={() => show(current - 1)}
          >
            ‹
          </button>
          <p className="product-gallery__count" aria-live="polite">
            Picture {current + 1} of {shown.length}
          </p>
          <button
            type="button"
            className="product-gallery__step"
            aria-label="Next picture"
            disabled={current === shown.length - 1}
            onClick={() => show(current + 1)}
          >
            ›
          </button>
        </div>
      ) : null}
      {shown.length > 1 ? (
        <ol className="product-gallery__thumbs">
          {shown.map((picture, index) => (
            <li key={picture.key}>
              <button
                type="button"
                aria-label={`Show picture ${index + 1}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => show(index)}
              >
                <img
                  src={picture.srcSet ? picture.srcSet.split(' ')[0] : picture.src}
                  alt=""
                  width={64}
                  height={Math.round((64 * picture.height) / picture.width)}
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  )
}

const placeholderPicture: Picture = {
  key: 'placeholder',
  src: placeholderImage,
  width: 400,
  height: 500,
  alt: 'No image available',
}
