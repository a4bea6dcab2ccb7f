/**
 * The store's catalogue as typed data: every product and watch brand the local database is seeded with.
 * `build-seed.ts` turns it into `supabase/seed.sql`; `build-images.ts` draws one illustration for each
 * (kind, colour) pair it uses.
 */
import { accessoryProducts } from './data/accessories'
import { bagProducts } from './data/bags'
import { beautyProducts } from './data/beauty'
import { jewelryProducts } from './data/jewelry'
import { kidsProducts } from './data/kids'
import { menProducts } from './data/men'
import { sampleProducts } from './data/samples'
import { shoeProducts } from './data/shoes'
import { luxuryWatchProducts, smartWatchProducts } from './data/watches'
import { seedSpecs } from './data/specs'
import { womenProducts } from './data/women'
import type { SeedProduct } from './define'

export { categories, illustrationKinds } from './define'
export type { Category, IllustrationKind, SeedProduct } from './define'
export { sampleIds } from './data/samples'
export { watchBrands, type SeedWatchBrand } from './data/brands'

const listed: readonly SeedProduct[] = [
  ...sampleProducts,
  ...womenProducts,
  ...menProducts,
  ...kidsProducts,
  ...beautyProducts,
  ...shoeProducts,
  ...bagProducts,
  ...jewelryProducts,
  ...accessoryProducts,
  ...luxuryWatchProducts,
  ...smartWatchProducts,
]

export const products: readonly SeedProduct[] = listed.map((product) =>
  seedSpecs[product.id] ? { ...product, specs: seedSpecs[product.id]! } : product,
)
