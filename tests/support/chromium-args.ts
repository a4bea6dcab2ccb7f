/**
 * The switches every Chromium we launch through Playwright gets: the browser tests, the PWA install
 * test and the benchmarks (Lighthouse starts its own with these too, see tests/bench/support/lighthouse-run.ts).
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

/**
 * Desktop Chromium's own interface that a page's timings must not share the machine with. Chromium 156
 * draws its address bar's suggestion popup as two web pages (chrome://omnibox-popup.top-chrome/) and
 * loads them in their own renderer as the browser starts, and again for each new browser context
 * (window), headless or not: 1-2 s of CPU each time, on a 2-core machine while the measured page loads
 * (the floor page's longest task at 4× CPU, one first visit each, 3 alternating pairs: 468-792 ms with
 * them, 356-375 ms without). A phone's browser has no such pages.
 *
 * Chromium reads only the last `--disable-features` switch it is given, so a launcher that sets its own
 * (Playwright, chrome-launcher) must get one list with both: see `withoutDesktopUi`.
 */
const desktopUiFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

/** One `--disable-features` switch: the launcher's own list (from its default switches, if any) and ours. */
export function withoutDesktopUi(launcherSwitches: readonly string[] = []) {
  const prefix = '--disable-features='
  const theirs = launcherSwitches
    .filter((flag) => flag.startsWith(prefix))
    .flatMap((flag) => flag.slice(prefix.length).split(','))
  return `${prefix}${[...new Set([...theirs, ...desktopUiFeatures])].filter(Boolean).join(',')}`
}

/** The Chromium the tests and benchmarks run. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * `chromiumArgs` and one `--disable-features` switch for a Chromium that Playwright launches: Playwright's
 * own list, read off a browser it launched (the DevTools protocol gives a browser's command line when it
 * runs with `--enable-automation`), and ours. Without it, each new browser context loads the desktop
 * pages above in a renderer of its own: about 2 s of CPU per end-to-end test, seen as one
 * `--top-chrome-webui` renderer per open context while the suite ran.
 */
export async function playwrightSwitches(): Promise<string[]> {
  const { chromium } = await import('@playwright/test')
  const probe = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...chromiumArgs, '--enable-automation'],
  })
  try {
    const session = await probe.newBrowserCDPSession()
    const { arguments: line } = await session.send('Browser.getBrowserCommandLine')
    return [...chromiumArgs, withoutDesktopUi(line)]
  } finally {
    await probe.close()
  }
}
