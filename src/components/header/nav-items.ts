import { paths } from '@/config/paths'

/** The header's links and menus, shared by the desktop bar and the mobile side menu. */
export interface NavItem {
  label: string
  to: Extract<(typeof paths)[keyof typeof paths], string>
  /** One line shown under the label in the ACCESSORIES and COLLECTIONS panels. */
  description?: string
}

export interface NavGroup {
  label: string
  items: readonly NavItem[]
  /** `menu`: a compact list; `panel`: items with a line of description. */
  kind: 'menu' | 'panel'
}

export const primaryLinks = [
  { label: 'HOME', to: paths.home },
  { label: 'WOMEN', to: paths.women },
  { label: 'MEN', to: paths.men },
  { label: 'KIDS', to: paths.kids },
  { label: 'BEAUTY', to: paths.beauty },
  { label: 'ABOUT', to: paths.about },
] as const satisfies readonly NavItem[]

export const moreMenu: NavGroup = {
  label: 'MORE',
  kind: 'menu',
  items: [
    { label: 'Blog', to: paths.blog },
    { label: 'Press', to: paths.press },
    { label: 'Careers', to: paths.careers },
    { label: 'Our Story', to: paths.ourStory },
    { label: 'Become an Affiliate', to: paths.affiliateProgram },
    { label: 'Privacy Policy', to: paths.privacyPolicy },
    { label: 'Terms of Service', to: paths.termsOfService },
    { label: 'Shipping Info', to: paths.shippingInfo },
    { label: 'Returns', to: paths.returns },
    { label: 'Size Guide', to: paths.sizeGuide },
    { label: 'FAQ', to: paths.faq },
    { label: 'Contact', to: paths.contact },
    { label: 'About', to: paths.about },
  ],
}

export const accessoriesMenu: NavGroup = {
  label: 'ACCESSORIES',
  kind: 'panel',
  items: [
    {
      label: 'Luxury Watches',
      to: paths.luxuryWatches,
      description: 'Swiss heritage houses and fine timepieces',
    },
    {
      label: 'Smart Watches',
      to: paths.smartWatches,
      description: 'Fitness, health and style on your wrist',
    },
    {
      label: 'Fashion Accessories',
      to: paths.accessories,
      description: 'Bags, jewelry, sunglasses and more',
    },
  ],
}

export const collectionsMenu: NavGroup = {
  label: 'COLLECTIONS',
  kind: 'panel',
  items: [
    { label: 'New Arrivals', to: paths.newArrivals, description: 'The latest pieces, just landed' },
    { label: 'Trending Now', to: paths.sale, description: 'What Kenya is wearing, on sale' },
    { label: 'Designer Brands', to: paths.brands, description: 'The houses we carry' },
  ],
}

export const navGroups = [moreMenu, accessoriesMenu, collectionsMenu] as const
