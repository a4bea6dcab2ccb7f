/**
 * The little markdown the assistant writes: `**bold**` → `<b>`, `*italic*` → `<i>` and
 * `[text](url)` → `<a href class>`. Nothing else is interpreted. The result is NOT safe to render: it
 * always goes through `SafeHtml` (src/components/safe-html.tsx), which sanitises it.
 */
export const chatLinkClass = 'chat-link'

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function markdownLiteToHtml(text: string): string {
  return text
    .replace(/\*\*([^*\n]+)\*\*/g, '<b>$1</b>')
    .replace(/(^|[^*\w])\*([^*\n]+)\*(?![*\w])/g, '$1<i>$2</i>')
    .replace(
      /\[([^\]\n]+)\]\(([^()\s]+)\)/g,
      (_match, label: string, href: string) =>
        `<a href="${attribute(href)}" class="${chatLinkClass}">${label}</a>`,
    )
}
