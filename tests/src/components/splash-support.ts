/**
 * jsdom plays no CSS animation, so the splash would keep its resting (hidden) style: this gives it the
 * style its showing animation gives it in a browser (e2e/splash.spec.ts watches the real one play).
 */
export function showWhileAnimating() {
  const style = document.createElement('style')
  style.dataset.testSplash = ''
  style.textContent = '.lk-splash{visibility:visible!important;opacity:1!important}'
  document.head.append(style)
}
