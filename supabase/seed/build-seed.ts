/**
 * Writes `supabase/seed.sql` from the typed catalogue: `npm run db:seed:build` (after the illustrations).
 * The file is committed so the local server and a hosted project seed from the same text.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { products, watchBrands } from './catalogue'
import { renderSeedSql } from './seed-sql'

export const seedFile = fileURLToPath(new URL('../seed.sql', import.meta.url))

writeFileSync(seedFile, renderSeedSql(products, watchBrands))
console.info(`wrote ${seedFile}: ${watchBrands.length} watch brands, ${products.length} products`)
