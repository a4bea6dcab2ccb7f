/**
 * The page's first script, built by vite.config.ts into a classic script inlined at the top of
 * index.html's body: it runs while the document is parsed, before the app's code is fetched. It starts
 * the splash, holds taps on a prebuilt page's buttons until the app has taken the page over, keeps the
 * browser's install offer for the app, and marks the page's first frame (first-frame.ts).
 */
import { keepEarlyInstallOffer } from '@/lib/early-install-offer'
import { holdEarlyTaps } from '@/lib/early-taps'
import { markFirstFrame } from '@/lib/first-frame'
import { splashOptions, startSplash } from './splash-screen'

startSplash(splashOptions)
holdEarlyTaps()
keepEarlyInstallOffer()
markFirstFrame()
