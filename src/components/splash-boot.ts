/**
 * The splash's start, built by vite.config.ts into a classic script inlined at the top of index.html's
 * body: it runs while the document is parsed, before the app's code is fetched.
 */
import { splashOptions, startSplash } from './splash-screen'

startSplash(splashOptions)
