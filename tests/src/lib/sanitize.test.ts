import { describe, expect, it, vi } from 'vitest'
import { chatLinkClass, markdownLiteToHtml } from '@/lib/markdown-lite'
import { isAllowedHref, sanitizeHtml } from '@/lib/sanitize'

/**
 * The assistant-reply sanitiser against DOMPurify's well-known
 * payloads: only b, i, a (href with http, https, mailto, tel or a same-site path; class) and text may
 * survive, and sanitising twice changes nothing.
 */
const payloads = [
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)">hello',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src=javascript:alert(1)></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</script>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<style>@import "https://evil.example/x.css"</style>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VBScript:msgbox(1)">x</a>',
  '<a href="//evil.example/steal">x</a>',
  '<a href="/\\evil.example/steal">x</a>',
  '<a href="/%09/evil.example">x</a>',
  '<a href="ftp://evil.example/">x</a>',
  '<a href="file:///etc/passwd">x</a>',
  '<a href="/product/a" onclick="alert(1)">x</a>',
  '<a href="/product/a" onmouseover=alert(1) style="position:fixed;inset:0">x</a>',
  '<a href="/product/a" target="_blank" rel="opener" id="x" name="y" data-x="1">x</a>',
  '<b onclick=alert(1)>bold</b>',
  '<i style="background:url(javascript:alert(1))">it</i>',
  '<b><i><a href="/sale">nested',
  '<b>unclosed <i>tags <a href="/x">here',
  '</b></i></a>stray closers',
  '<p>para</p><div>div</div><span>span</span><h1>h</h1>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><img src=x onerror=alert(1)></template>',
  '<a href="https://example.com"><img src=x onerror=alert(1)></a>',
]

function inspect(html: string) {
  const template = document.createElement('template')
  template.innerHTML = html
  return [...template.content.querySelectorAll('*')]
}

describe('sanitizeHtml', () => {
  it.each(payloads)('keeps only b, i, a(href, class) and text: %s', (payload) => {
    const clean = sanitizeHtml(payload)
    for (const element of inspect(clean)) {
      expect(['B', 'I', 'A']).toContain(element.tagName)
      for (const attribute of element.getAttributeNames()) {
        expect(['href', 'class']).toContain(attribute)
      }
      const href = element.getAttribute('href')
      if (href !== null) {
        expect(isAllowedHref(href)).toBe(true)
        expect(href).not.toMatch(/script|data:|^\/\/|^\/\\/i)
      }
    }
    // Inside tags (text may mention anything: it is only text).
    expect(clean).not.toMatch(/<[^>]*(on\w+=|javascript:|data:|vbscript:)/i)
    expect(clean).not.toMatch(/<(script|img|svg|iframe|style|math|template)/i)
    expect(sanitizeHtml(clean)).toBe(clean)
  })

  it('removes dangerous elements whole and dangerous hrefs from links', () => {
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('')
    expect(sanitizeHtml('<svg onload=alert(1)>')).toBe('')
    expect(sanitizeHtml('<iframe src=javascript:alert(1)></iframe>')).toBe('')
    expect(sanitizeHtml('<script>alert(1)</script>ok')).toBe('ok')
    expect(sanitizeHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="data:text/html,hi">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="vbscript:msgbox(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="/product/a" onclick="alert(1)">x</a>')).toBe(
      '<a href="/product/a">x</a>',
    )
  })

  it('keeps what the assistant may use', () => {
    const kept = [
      '<b>bold</b> and <i>italic</i>',
      '<a href="/product/silk-evening-gown-dress-006" class="chat-link">Silk Evening Gown</a>',
      '<a href="https://luxekenya.co.ke/sale">sale</a>',
      '<a href="mailto:hello@luxekenya.co.ke">mail</a>',
      '<a href="tel:+254700123456">call</a>',
      'plain text with 5 &lt; 6 &amp; more',
    ]
    for (const html of kept) expect(sanitizeHtml(html)).toBe(html)
  })

  it('drops other tags but keeps their text', () => {
    expect(sanitizeHtml('<p>para</p><div>div <u>u</u></div>')).toBe('paradiv u')
    expect(sanitizeHtml('<b>unclosed <i>tags')).toBe('<b>unclosed <i>tags</i></b>')
  })
})

describe('markdownLiteToHtml', () => {
  it('turns bold, italic and links into b, i and a with a class', () => {
    expect(markdownLiteToHtml('**KSH 27,300** *(20% off)*')).toBe(
      '<b>KSH 27,300</b> <i>(20% off)</i>',
    )
    expect(markdownLiteToHtml('[Silk Evening Gown](/product/silk-evening-gown-dress-006)')).toBe(
      `<a href="/product/silk-evening-gown-dress-006" class="${chatLinkClass}">Silk Evening Gown</a>`,
    )
    expect(markdownLiteToHtml('**[Gown](/product/g)** by Atelier')).toBe(
      `<b><a href="/product/g" class="${chatLinkClass}">Gown</a></b> by Atelier`,
    )
  })

  it('leaves lone asterisks and multiplication alone', () => {
    expect(markdownLiteToHtml('2 × 3 and 5 * 4')).toBe('2 × 3 and 5 * 4')
  })

  it('cannot smuggle markup through a link target', () => {
    const clean = sanitizeHtml(markdownLiteToHtml('[x](/a"onmouseover="alert`1`)'))
    const [link] = inspect(clean)
    expect(link?.getAttributeNames()).toEqual(['href', 'class'])
    expect(link?.getAttribute('href')).toBe('/a"onmouseover="alert`1`')
    expect(sanitizeHtml(markdownLiteToHtml('[x](javascript:alert(1))'))).not.toMatch(/href/)
  })
})

describe('isAllowedHref', () => {
  it.each([
    ['/product/a', true],
    ['/sale?x=1#top', true],
    ['https://example.com', true],
    ['http://example.com', true],
    ['mailto:a@b.co', true],
    ['tel:+254700123456', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    // A backslash after the slash leaves the site even when it names the stand-in origin's host.
    ['/\\same-site.invalid/x', false],
    ['product/a', false],
    ['javascript:alert(1)', false],
    [' JAVASCRIPT:alert(1)', false],
    ['data:text/html,x', false],
    ['vbscript:x', false],
    ['ftp://x', false],
    // Spacing a browser strips before reading the link does not refuse a good one.
    [' https://example.com', true],
    ['\thttps://example.com', true],
    // A web address with no host is no link (the URL parser refuses it).
    ['https://', false],
    ['http:', false],
  ])('%s → %s', (href, allowed) => {
    expect(isAllowedHref(href)).toBe(allowed)
  })
})

describe('event handler attributes', () => {
  // Values a handler could run, including ones with no "alert(" right after the equals sign.
  const handlers = ['onclick', 'onmouseover', 'onfocus', 'onanimationstart', 'onpointerenter']
  const values = ['alert(1)', '/x/;alert(1)', 'void(0)', '']
  it.each(handlers.flatMap((name) => values.map((value) => [name, value])))(
    'never keeps %s="%s" on b, i or a',
    (name, value) => {
      for (const tag of ['b', 'i', 'a']) {
        const clean = sanitizeHtml(`<${tag} class="c" ${name}="${value}">t</${tag}>`)
        expect(clean).toBe(`<${tag} class="c">t</${tag}>`)
        const [element] = inspect(clean)
        expect(element?.getAttributeNames().filter((a) => a.startsWith('on'))).toEqual([])
      }
    },
  )

  it('leaves a sanitised handler-free element as it is (no attribute of the on* family sneaks back)', () => {
    const clean = sanitizeHtml('<b ONCLICK="/x/;alert(1)" OnMouseOver=alert(1)>bold</b>')
    expect(clean).toBe('<b>bold</b>')
    expect(sanitizeHtml(clean)).toBe(clean)
  })
})

describe('other attributes and protocols', () => {
  it('drops data-* and aria-* attributes and links with unknown protocols', () => {
    expect(sanitizeHtml('<b data-x="1" aria-label="y">t</b>')).toBe('<b>t</b>')
    expect(sanitizeHtml('<a href="foo:bar" data-href="/x">t</a>')).toBe('<a>t</a>')
    expect(sanitizeHtml('<a href="ftp://example.com/f">t</a>')).toBe('<a>t</a>')
  })

  it('drops an href DOMPurify lets through but that is no address (the second, stricter look)', () => {
    expect(sanitizeHtml('<a href="https://">t</a>')).toBe('<a>t</a>')
    expect(sanitizeHtml('<a href="http:" class="c">t</a>')).toBe('<a class="c">t</a>')
  })

  it('keeps an href only on a link: on bold or italic text it goes, even a good address', () => {
    expect(sanitizeHtml('<b href="https://example.com" class="c">t</b>')).toBe('<b class="c">t</b>')
    expect(sanitizeHtml('<i href="https://">t</i>')).toBe('<i>t</i>')
    expect(sanitizeHtml('<a href="https://example.com">t</a>')).toBe(
      '<a href="https://example.com">t</a>',
    )
  })

  it('takes the second look from the very first use of a fresh sanitiser', async () => {
    // The sanitiser is made once per page: load it anew, so this is its first use.
    vi.resetModules()
    const fresh = await import('@/lib/sanitize')
    expect(fresh.sanitizeHtml('<a href="https://">t</a>')).toBe('<a>t</a>')
    expect(fresh.sanitizeHtml('<a href="/sale">t</a>')).toBe('<a href="/sale">t</a>')
  })
})
