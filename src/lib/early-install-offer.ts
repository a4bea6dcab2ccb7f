/**
 * Chromium offers installation (`beforeinstallprompt`) once, soon after load. A prebuilt page's app code
 * runs only after load, so the offer is kept from the first byte of the page by the classic script
 * inlined into index.html (see splash-boot.ts) and handed to the app when it starts listening
 * (install-prompt.ts). The browser's own mini-bar is suppressed, as the app does.
 */
declare global {
  interface Window {
    luxeInstallOffer?: Event
  }
}

export function keepEarlyInstallOffer(win: Window = window): void {
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    win.luxeInstallOffer = event
  })
  win.addEventListener('appinstalled', () => {
    win.luxeInstallOffer = undefined
  })
}
