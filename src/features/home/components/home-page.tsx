import type { ReactNode } from 'react'
import { AfterFirstPaint } from '@/components/after-first-paint'
import { BenefitsStrip } from './benefits-strip'
import { BrandTiles } from './brand-tiles'
import { CategoryTiles } from './category-tiles'
import { Collections } from './collections'
import { CommunitySignup } from './community-signup'
import { FootwearSection } from './footwear-section'
import { Hero } from './hero'
import { SaleBanner } from './sale-banner'

export interface HomePageProps {
  /** The newsletter signup form (its own feature), composed in by the route. */
  newsletter?: ReactNode
  /** The product rails ("New in", "Best sellers"; the catalogue's), below the page's fixed sections. */
  rails?: ReactNode
}

/**
 * The home page: hero, shop by category, shop by brand, the sale banner, collections,
 * footwear, the benefits strip and the community signup; then the product rails. The promo banner, footer and the first-visit
 * email popup belong to the shell. On the app's first page the hero (the largest thing on screen) is
 * painted before the sections below it are rendered.
 */
export function HomePage({ newsletter, rails }: HomePageProps) {
  return (
    <>
      <Hero />
      <AfterFirstPaint reserve="100vh">
        <div className="home-below">
          <CategoryTiles />
          <BrandTiles />
          <SaleBanner />
          <Collections />
          <FootwearSection />
          <BenefitsStrip />
          <CommunitySignup form={newsletter} />
        </div>
        {rails}
      </AfterFirstPaint>
    </>
  )
}
