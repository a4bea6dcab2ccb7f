import type { ReactNode } from 'react'
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
}

/**
 * The home page (spec §1): hero, shop by category, shop by brand, the sale banner, collections,
 * footwear, the benefits strip and the community signup. The promo banner, footer and the first-visit
 * email popup belong to the shell.
 */
export function HomePage({ newsletter }: HomePageProps) {
  return (
    <>
      <Hero />
      <CategoryTiles />
      <BrandTiles />
      <SaleBanner />
      <Collections />
      <FootwearSection />
      <BenefitsStrip />
      <CommunitySignup form={newsletter} />
    </>
  )
}
