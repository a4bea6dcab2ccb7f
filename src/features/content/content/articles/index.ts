import type { BlogSlug } from '@/config/paths'
import type { ArticleBody } from './types'

export interface ArticleMeta {
  slug: BlogSlug
  title: string
  excerpt: string
  category: string
  author: string
  /** ISO date of publication. */
  published: string
  readingMinutes: number
}

/** What the blog index shows; the bodies load only when an article is opened. */
export const articles: readonly ArticleMeta[] = [
  {
    slug: 'sustainable-fashion',
    title: 'Buying less, choosing better: sustainable fashion in Kenya',
    excerpt:
      'Cost per wear, quality checks, local makers and the care habits that keep clothes out of the Nairobi River.',
    category: 'Sustainability',
    author: 'Luxe Kenya Style Desk',
    published: '2026-10-28',
    readingMinutes: 3,
  },
  {
    slug: 'spring-trends',
    title: 'Six spring trends, and how to wear them through the long rains',
    excerpt:
      'Butter yellow, barrel-leg jeans, co-ords that split up and rain-ready shoes: the season’s runway ideas, made for Nairobi.',
    category: 'Trends',
    author: 'Luxe Kenya Style Desk',
    published: '2026-10-14',
    readingMinutes: 3,
  },
  {
    slug: 'african-print',
    title: 'Kitenge, Ankara and kanga: a guide to African prints',
    excerpt:
      'What sets wax prints, kitenge and kanga apart, how to judge quality at the market and how to wear prints every day.',
    category: 'Heritage',
    author: 'Luxe Kenya Atelier',
    published: '2026-09-30',
    readingMinutes: 3,
  },
  {
    slug: 'luxury-watch-collecting',
    title: 'Your first luxury watch: a collector’s guide',
    excerpt:
      'Sports or dress, automatic or quartz, who to buy from, how it should fit and how to care for it for a lifetime.',
    category: 'Watches',
    author: 'Luxe Kenya Watch Corner',
    published: '2026-09-16',
    readingMinutes: 3,
  },
  {
    slug: 'style-guide',
    title: 'The twelve-piece capsule wardrobe for Nairobi life',
    excerpt:
      'From 7 AM chill to rooftop dinners: the pieces, shoes and colours that make thirty outfits and easier mornings.',
    category: 'Style guide',
    author: 'Luxe Kenya Style Desk',
    published: '2026-08-26',
    readingMinutes: 3,
  },
  {
    slug: 'design-process',
    title: 'From sketch to showroom: how we make a kitenge dress',
    excerpt:
      'Six weeks in our Nairobi workroom: choosing the fabric, fitting the pattern, matching the print and finishing every seam.',
    category: 'Behind the scenes',
    author: 'Luxe Kenya Atelier',
    published: '2026-08-12',
    readingMinutes: 3,
  },
]

export function articleMeta(slug: BlogSlug): ArticleMeta {
  return articles.find((article) => article.slug === slug)!
}

/** One chunk per article, fetched (or read from the offline cache) when it is opened. */
export const articleLoaders: Record<BlogSlug, () => Promise<{ article: ArticleBody }>> = {
  'sustainable-fashion': () => import('./sustainable-fashion'),
  'spring-trends': () => import('./spring-trends'),
  'african-print': () => import('./african-print'),
  'luxury-watch-collecting': () => import('./luxury-watch-collecting'),
  'style-guide': () => import('./style-guide'),
  'design-process': () => import('./design-process'),
}
