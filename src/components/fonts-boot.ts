/**
 * The first script in the page's head, built by vite.config.ts into an inlined classic script: it queues
 * the lookup of the typefaces the first screen draws in (early-fonts.ts) before the browser reads the
 * page's styles and body, so the lookup runs while the rest of the HTML is still being read.
 */
import { firstScreenFaces } from '@/config/fonts'
import { lookUpFontsEarly } from '@/lib/early-fonts'

lookUpFontsEarly(firstScreenFaces())
