/**
 * Lighthouse's mobile screen (its Moto G Power: 412 × 823 CSS pixels, 1.75 device pixels to one), as
 * the DevTools protocol's Emulation.setDeviceMetricsOverride takes it.
 */
export const LIGHTHOUSE_PHONE = {
  mobile: true,
  width: 412,
  height: 823,
  deviceScaleFactor: 1.75,
}
