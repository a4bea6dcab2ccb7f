/**
 * The switches every Chromium we launch through Playwright gets: the browser tests, the PWA install
 * test and the benchmarks (Lighthouse starts its own, see tests/bench/lighthouse.ts).
 */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
