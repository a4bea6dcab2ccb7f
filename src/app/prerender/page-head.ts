import { articleMeta, articles } from '@/features/content/content/articles'
import { blogSlugs, paths, type BlogSlug } from '@/config/paths'
import { store } from '@/config/site'
import type { Catalogue, Product } from '@/features/catalogue/types'
import { discountedPrice } from '@/lib/money'
import { pageTitle } from '@/lib/page-title'
import { photoUrl } from '@/lib/photo-url'

/** What a prebuilt page says about itself to search engines and link previews. */
export interface PageHead {
  title: string
  description: string
  /** Absolute. */
  canonical: string
  image: string | null
  type: 'website' | 'product' | 'article'
  /** JSON-LD documents. */
  structuredData: object[]
}

const defaultDescription =
  'Luxe Kenya: premium fashion, shoes, bags, jewelry, beauty and watches, delivered across Kenya.'

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** JSON inside `<script>`: `<` is escaped so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

function titleCase(slug: string): string {
  return slug
    .split(/[-\s]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

function firstLine(text: string): string {
  const line = text.split(/\n|(?<=[.!?])\s/)[0]?.trim() ?? ''
  return line.length > 150 ? `${line.slice(0, 147).trimEnd()}…` : line
}

function productImage(product: Product, siteUrl: string): string | null {
  const photo = product.photos?.[0]
  if (photo) return new URL(photoUrl(photo.path, 1200), siteUrl).href
  return product.image ? new URL(product.image, siteUrl).href : null
}

function organization(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: store.name,
    url: siteUrl,
    logo: new URL('/icons/icon-512.png', siteUrl).href,
    email: store.email,
    telephone: store.phoneE164,
    address: { '@type': 'PostalAddress', streetAddress: store.address, addressCountry: 'KE' },
  }
}

function breadcrumbs(siteUrl: string, trail: Array<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: new URL(step.path, siteUrl).href,
    })),
  }
}

function productHead(product: Product, siteUrl: string, canonical: string): PageHead {
  const price = discountedPrice(product.price, product.discount)
  const lead = firstLine(product.description)
  const description = `${product.name}, KSh ${price.toLocaleString('en-KE')}.${lead ? ` ${lead}` : ''}`
  const image = productImage(product, siteUrl)
  const category = product.category
  return {
    title: pageTitle(product.name),
    description,
    canonical,
    image,
    type: 'product',
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        sku: product.id,
        description: product.description || product.name,
        ...(image ? { image: [image] } : {}),
        brand: { '@type': 'Brand', name: product.brand || store.name },
        category: titleCase(category),
        offers: {
          '@type': 'Offer',
          url: canonical,
          priceCurrency: 'KES',
          price: String(price),
          availability:
            product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
          seller: { '@type': 'Organization', name: store.name },
        },
      },
      breadcrumbs(siteUrl, [
        { name: 'Home', path: '/' },
        { name: titleCase(category), path: paths.productsIn(category) },
        { name: product.name, path: new URL(canonical).pathname },
      ]),
      organization(siteUrl),
    ],
  }
}

/**
 * The head of a prebuilt page: its title (the one the app sets), a description of its own, the canonical
 * URL on the store's public address, Open Graph tags and structured data.
 */
export function pageHead(
  path: string,
  catalogue: Catalogue,
  siteUrl: string,
  appTitle: string,
): PageHead {
  const canonical = new URL(path, siteUrl).href
  const [first, second] = path.split('/').filter(Boolean)
  if (first === 'product' && second) {
    const product = catalogue.products.find((item) => item.slug === second || item.id === second)
    if (product) return productHead(product, siteUrl, canonical)
  }
  let title = appTitle || pageTitle()
  let description = defaultDescription
  let type: PageHead['type'] = 'website'
  const trail = [{ name: 'Home', path: '/' }]
  if (first === 'brands' && second) {
    const brand = catalogue.brands.find((item) => item.slug === second)
    if (brand) {
      title = pageTitle(brand.name)
      description = firstLine(brand.description) || `${brand.name} at ${store.name}.`
      trail.push({ name: 'Brands', path: '/brands' }, { name: brand.name, path })
    }
  } else if (first === 'blog' && second && (blogSlugs as readonly string[]).includes(second)) {
    const article = articleMeta(second as BlogSlug)
    title = pageTitle(article.title)
    description = article.excerpt
    type = 'article'
    trail.push({ name: 'Blog', path: '/blog' }, { name: article.title, path })
  } else if (first === 'blog') {
    description = articles[0]
      ? `Style notes from ${store.name}: ${articles[0].title}.`
      : description
    trail.push({ name: 'Blog', path })
  } else if (first) {
    const name = titleCase(second ?? first)
    const count = catalogue.products.filter(
      (product) => product.category === (second ?? first),
    ).length
    description = count
      ? `Shop ${count} ${name.toLowerCase()} pieces at ${store.name}, delivered across Kenya.`
      : `${name} at ${store.name}: premium fashion delivered across Kenya.`
    trail.push({ name, path })
  }
  return {
    title,
    description,
    canonical,
    image: new URL('/icons/icon-512.png', siteUrl).href,
    type,
    structuredData: [
      ...(trail.length > 1 ? [breadcrumbs(siteUrl, trail)] : []),
      organization(siteUrl),
    ],
  }
}

/** The tags for `<head>`. */
export function headHtml(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(store.name)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:locale" content="en_KE" />`,
    ...(head.image ? [`<meta property="og:image" content="${escapeHtml(head.image)}" />`] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    ...head.structuredData.map(
      (data) => `<script type="application/ld+json">${scriptJson(data)}</script>`,
    ),
  ]
  return tags.join('\n    ')
}
