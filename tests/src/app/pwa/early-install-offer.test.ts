import { describe, expect, it, vi } from 'vitest'

describe('an install offer made before the app runs', () => {
  it('is kept by the page’s first script and taken over when the app starts listening', async () => {
    vi.resetModules()
    const { keepEarlyInstallOffer } = await import('@/lib/early-install-offer')
    keepEarlyInstallOffer()
    const event = new Event('beforeinstallprompt', { cancelable: true })
    window.dispatchEvent(event)
    // The browser's own mini-bar stays away, as when the app listens.
    expect(event.defaultPrevented).toBe(true)

    const install = await import('@/app/pwa/install-prompt')
    expect(install.getInstallState().canInstall).toBe(false)
    install.listenForInstall()
    expect(install.getInstallState().canInstall).toBe(true)

    // Installed meanwhile: nothing is left to offer.
    window.dispatchEvent(new Event('appinstalled'))
    expect(install.getInstallState().canInstall).toBe(false)
    expect(window.luxeInstallOffer).toBeUndefined()
  })
})
