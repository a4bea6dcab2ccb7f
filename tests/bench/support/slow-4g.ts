/**
 * Lighthouse's mobile network (150 ms RTT, 1.6 Mbps down, 750 kbps up), as the DevTools protocol's
 * Network.emulateNetworkConditions takes it.
 */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
