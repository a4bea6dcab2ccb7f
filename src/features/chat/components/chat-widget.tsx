/** Placeholder until the assistant lands: the floating 'Open AI Shopping Assistant' button and panel. */
export function ChatWidget() {
  return null
}
