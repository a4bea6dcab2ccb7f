/** Placeholder until the offline shell lands: update prompt, install button and offline indicator. */
export function PwaPrompts() {
  return null
}
