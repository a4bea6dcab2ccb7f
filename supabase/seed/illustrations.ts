/**
 * Flat fashion illustrations, one small SVG per (kind, colour): the product pictures of the store. No
 * image comes from the internet, and each file stays well under 2 KB so the whole set can be cached for
 * offline browsing. Shapes are drawn on a 400 × 500 canvas; the product's colour fills the garment and a
 * darker (or, on dark colours, lighter) shade of it draws the seams and details.
 */
import { imagePath, type IllustrationKind, type SeedProduct } from './define'
import { palette, type Colour, type Pattern, type Swatch } from './palette'

const background = '#f3eee7'
const shadow = '#e4ddd2'

interface Ink {
  /** Main fill: the colour, or the pattern. */
  fill: string
  /** Outline and seams. */
  line: string
  /** Secondary fill (flaps, soles, linings). */
  shade: string
  /** Highlights and small accents. */
  hi: string
  /** True when the colour is metallic: watches and jewellery use it for the metal itself. */
  metal: boolean
  dark: boolean
  /** The colour itself, even when `fill` is a pattern. */
  base: string
}

type Rgb = [number, number, number]

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`
}

function mix(a: string, b: string, t: number): string {
  const x = rgb(a)
  const y = rgb(b)
  return hex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * t) as Rgb)
}

function luminance(color: string): number {
  const [r, g, b] = rgb(color)
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255
}

const metals = new Set<Colour>(['Gold', 'Silver', 'Steel', 'Platinum', 'Rose Gold'])

function inkFor(colour: Colour): Ink {
  const s: Swatch = palette[colour]
  const dark = luminance(s.hex) < 0.35
  const line = dark ? mix(s.hex, '#ffffff', 0.35) : mix(s.hex, '#000000', 0.38)
  return {
    fill: s.pattern ? 'url(#p)' : s.hex,
    line,
    shade: dark ? mix(s.hex, '#ffffff', 0.15) : mix(s.hex, '#000000', 0.16),
    hi: dark ? mix(s.hex, '#ffffff', 0.55) : mix(s.hex, '#ffffff', 0.55),
    metal: metals.has(colour),
    dark,
    base: s.hex,
  }
}

/** The repeat used for prints and weaves (kitenge, Ankara, Maasai beadwork, kikoy, shuka, sisal). */
function patternDef(pattern: Pattern, base: string, accent: string): string {
  const open = (w: number, h: number) =>
    `<pattern id="p" width="${w}" height="${h}" patternUnits="userSpaceOnUse"><rect width="${w}" height="${h}" fill="${base}"/>`
  const motifs: Record<Pattern, string> = {
    kitenge: `${open(36, 36)}<circle cx="18" cy="18" r="9" fill="${accent}"/><circle cx="18" cy="18" r="4" fill="#f2c14e"/><path d="M0 0h6v6H0zM30 30h6v6h-6z" fill="${accent}"/>`,
    ankara: `${open(30, 30)}<path d="M15 3l12 12-12 12L3 15z" fill="${accent}"/><circle cx="15" cy="15" r="4" fill="${base}"/>`,
    beaded: `${open(24, 24)}<path d="M0 0h24v6H0z" fill="${accent}"/><path d="M0 12h24v4H0z" fill="#f6f1e6"/><circle cx="6" cy="20" r="2.5" fill="#f2b632"/><circle cx="18" cy="20" r="2.5" fill="#1d8a4e"/>`,
    kikoy: `${open(40, 40)}<path d="M0 4h40v6H0zM0 24h40v3H0z" fill="${accent}"/><path d="M0 14h40v3H0z" fill="#e07a3f"/>`,
    shuka: `${open(40, 40)}<path d="M0 16h40v8H0z" fill="${accent}" opacity=".85"/><path d="M16 0h8v40h-8z" fill="${accent}" opacity=".6"/>`,
    sisal: `${open(16, 16)}<path d="M0 8h16M8 0v8M0 16h16" stroke="${accent}" stroke-width="2"/>`,
  }
  return `<defs>${motifs[pattern]}</pattern></defs>`
}

/** `d` with fill and outline: the building block of every drawing. */
function shape(d: string, fill: string, line: string, width = 3): string {
  return `<path d="${d}" fill="${fill}" stroke="${line}" stroke-width="${width}" stroke-linejoin="round"/>`
}

function strokeOnly(d: string, line: string, width = 3, extra = ''): string {
  return `<path d="${d}" fill="none" stroke="${line}" stroke-width="${width}" stroke-linecap="round"${extra}/>`
}

const dash = ' stroke-dasharray="6 5"'

const sleevesLong = 'L300 140Q312 150 314 170L326 330L292 336L272 190'
const sleevesLongLeft = 'L128 190L108 336L74 330L86 170Q88 150 100 140'

const drawings: Record<IllustrationKind, (k: Ink) => string> = {
  dress: (k) =>
    shape('M166 60h20q14 26 28 0h20l12 62-8 66 62 232q-100 24-200 0l62-232-8-66z', k.fill, k.line) +
    strokeOnly('M158 188h84', k.line) +
    strokeOnly('M186 200l-26 214M214 200l26 214M200 200v220', k.line, 2),
  gown: (k) =>
    shape(
      'M170 44h18q12 26 24 0h18l12 64-10 84q0 70 26 140 30 70 72 116-130 24-264 0 42-46 72-116 26-70 26-140l-10-84z',
      k.fill,
      k.line,
    ) +
    strokeOnly('M176 70q24 30 48 0M160 192q40 12 80 0', k.line, 2) +
    strokeOnly('M184 214q-8 130-70 230M216 214q8 130 70 230', k.line, 2),
  top: (k) =>
    shape(
      'M150 110l26-16q24 24 48 0l26 16 52 38-24 44-26-14v152H144V178l-26 14-24-44z',
      k.fill,
      k.line,
    ) +
    strokeOnly('M200 118v210', k.line, 2) +
    `<circle cx="200" cy="150" r="4" fill="${k.line}"/><circle cx="200" cy="190" r="4" fill="${k.line}"/><circle cx="200" cy="230" r="4" fill="${k.line}"/>`,
  tee: (k) =>
    shape(
      'M132 110l38-20q30 26 60 0l38 20 52 50-30 36-26-20v204H136V176l-26 20-30-36z',
      k.fill,
      k.line,
    ) +
    strokeOnly('M170 92q30 34 60 0', k.line, 3) +
    strokeOnly('M136 372h128', k.line, 2),
  sweater: (k) =>
    shape(
      `M140 100l34-12q26 18 52 0l34 12${sleevesLong}v180H128V190${sleevesLongLeft}z`,
      k.fill,
      k.line,
    ) +
    strokeOnly('M174 90q26 26 52 0', k.line, 3) +
    strokeOnly('M128 354h144M110 318l34 6M290 318l-34 6', k.line, 2, dash),
  shirt: (k) =>
    shape(`M140 100l36-14h48l36 14${sleevesLong}v180H128V190${sleevesLongLeft}z`, k.fill, k.line) +
    shape('M176 86l24 34 24-34 10 24-34 26-34-26z', k.shade, k.line, 2) +
    strokeOnly('M200 136v234', k.line, 2) +
    `<g fill="${k.line}"><circle cx="208" cy="170" r="3.5"/><circle cx="208" cy="220" r="3.5"/><circle cx="208" cy="270" r="3.5"/><circle cx="208" cy="320" r="3.5"/></g>`,
  jacket: (k) =>
    shape(`M140 100l40-14h40l40 14${sleevesLong}v190H128V190${sleevesLongLeft}z`, k.fill, k.line) +
    shape('M180 86l20 150 20-150 14 8-22 60 14 16-26 78-26-78 14-16-22-60z', k.shade, k.line, 2) +
    strokeOnly('M200 236v144M146 300h36M218 300h36', k.line, 3) +
    `<circle cx="210" cy="270" r="5" fill="${k.line}"/><circle cx="210" cy="320" r="5" fill="${k.line}"/>`,
  trousers: (k) =>
    shape('M136 70h128l18 370h-66l-16-270-16 270h-66z', k.fill, k.line) +
    strokeOnly('M136 96h128', k.line, 3) +
    strokeOnly('M200 96v74M168 110l-6 320M232 110l6 320', k.line, 2),
  jeans: (k) =>
    shape('M140 70h120l14 370h-62l-12-268-12 268h-62z', k.fill, k.line) +
    strokeOnly('M140 94h120', k.line, 3) +
    strokeOnly('M200 94v70M146 104q30 6 32 40M254 104q-30 6-32 40', k.line, 2, dash) +
    strokeOnly('M150 420h48M202 420h48', k.line, 2, dash),
  shorts: (k) =>
    shape('M128 150h144l22 190-84 10-10-120-10 120-84-10z', k.fill, k.line) +
    strokeOnly('M128 176h144', k.line, 3) +
    strokeOnly('M194 176q-6 30-16 40M206 176q6 30 16 40', k.hi, 3),
  skirt: (k) =>
    shape('M152 110h96l58 290q-106 26-212 0z', k.fill, k.line) +
    strokeOnly('M152 136h96', k.line, 3) +
    strokeOnly('M176 140l-30 262M200 140v270M224 140l30 262', k.line, 2),
  'matching-set': (k) =>
    shape(
      'M150 56l26-10q24 20 48 0l26 10 42 34-20 34-22-12v60H150v-60l-22 12-20-34z',
      k.fill,
      k.line,
    ) +
    strokeOnly('M176 48q24 26 48 0', k.line, 2) +
    shape('M146 206h108l16 240h-56l-14-180-14 180h-56z', k.fill, k.line) +
    strokeOnly('M146 226h108', k.line, 3),
  'kids-outfit': (k) =>
    shape(
      'M150 120l28-14q22 20 44 0l28 14 38 36-22 28-18-14v120H150V170l-18 14-22-28z',
      k.fill,
      k.line,
    ) +
    strokeOnly('M178 108q22 26 44 0', k.line, 3) +
    `<path d="M200 180l9 18 20 3-15 14 4 20-18-10-18 10 4-20-15-14 20-3z" fill="${k.hi}"/>` +
    shape('M156 304h88l12 100-50 6-6-60-6 60-50-6z', k.shade, k.line),
  sneaker: (k) =>
    shape('M72 362l6-150q4-26 36-28l50-2q18 60 70 88 60 24 96 44 22 14 18 48z', k.fill, k.line) +
    shape('M58 362h296q8 0 6 14l-4 20q-2 8-12 8H70q-12 0-12-12z', '#f8f6f1', k.line) +
    `<path d="M96 326q112 22 196-54-52 64-196 72z" fill="${k.hi}" stroke="${k.line}" stroke-width="2"/>` +
    strokeOnly('M296 318q36 8 50 38', k.line, 2) +
    strokeOnly('M178 222l20-10M196 242l20-12M214 260l20-12M234 276l20-12', k.line, 3) +
    strokeOnly('M60 384h298', k.line, 2),
  heel: (k) =>
    shape('M104 330l28 6-14 104h-10z', k.shade, k.line) +
    shape(
      'M96 272q-12 46 12 60 62 13 118 78 24 28 74 30h30q26 0 26-16-4-18-46-28-48-10-78-24-72-52-114-88-12-12-22-12z',
      k.fill,
      k.line,
    ) +
    shape('M110 282q58 48 116 88-50-44-108-90z', k.line, k.line, 2) +
    strokeOnly('M230 412q30 26 70 28h44', k.line, 2),
  boot: (k) =>
    shape('M110 80h96l4 230q10 26 70 38 64 12 64 44v12H104V352z', k.fill, k.line) +
    shape('M100 404h248v16q0 8-8 8H100z', k.shade, k.line) +
    shape('M104 404h60l-4 36h-52z', k.shade, k.line) +
    strokeOnly('M132 80q0 150 34 220', k.line, 2, dash) +
    strokeOnly('M110 96h96', k.line, 3),
  sandal: (k) => {
    const sole = (x: number) =>
      `M${x} 96c28 0 42 40 42 92 0 50-8 76-6 126 2 40-12 62-36 62s-38-22-36-62c2-50-6-76-6-126 0-52 14-92 42-92z`
    const straps = (x: number) =>
      `M${x - 42} 170q42-30 84 0v26q-42-26-84 0zM${x - 40} 250q40-22 80 0v24q-40-20-80 0z`
    return (
      shape(sole(140), k.shade, k.line) +
      shape(sole(260), k.shade, k.line) +
      shape(straps(140), k.fill, k.line, 2) +
      shape(straps(260), k.fill, k.line, 2)
    )
  },
  loafer: (k) =>
    shape(
      'M64 400v-64q0-22 24-22l96 14q16-22 44-24 54 2 90 34 34 12 38 40 2 22-16 22z',
      k.fill,
      k.line,
    ) +
    shape('M58 400h296v10q0 8-8 8H66q-8 0-8-8zM64 418h60v12H64z', k.shade, k.line) +
    strokeOnly('M192 326q44-26 96 2', k.line, 2, dash) +
    strokeOnly('M192 340q46-14 98 0', k.line, 6) +
    strokeOnly('M90 326q50 8 100 14', k.line, 2),
  handbag: (k) =>
    strokeOnly('M142 214q0-96 58-96t58 96', k.line, 12) +
    strokeOnly('M142 214q0-96 58-96t58 96', k.shade, 6) +
    shape('M92 210h216l26 206q2 16-14 16H80q-16 0-14-16z', k.fill, k.line) +
    shape('M92 210h216l-6 92q-102 30-204 0z', k.shade, k.line) +
    `<rect x="188" y="290" width="24" height="20" rx="4" fill="#d9b45a" stroke="${k.line}" stroke-width="2"/>`,
  tote: (k) =>
    strokeOnly('M136 206q0-130 40-130t40 130M184 206q0-130 40-130t40 130', k.line, 10) +
    shape('M84 200h232l-16 236H100z', k.fill, k.line) +
    strokeOnly('M84 226h232', k.line, 2, dash),
  clutch: (k) =>
    shape('M66 200h268q8 0 8 8v134q0 8-8 8H66q-8 0-8-8V208q0-8 8-8z', k.fill, k.line) +
    shape('M60 206l140 84 140-84q-4-6-8-6H68q-4 0-8 6z', k.shade, k.line) +
    `<circle cx="200" cy="290" r="9" fill="#d9b45a" stroke="${k.line}" stroke-width="2"/>`,
  backpack: (k) =>
    strokeOnly('M172 110q0-40 28-40t28 40', k.line, 8) +
    shape(
      'M150 104h100q36 0 38 40l8 272q0 24-24 24H128q-24 0-24-24l8-272q2-40 38-40z',
      k.fill,
      k.line,
    ) +
    shape('M112 150q88 36 176 0v60q-88 30-176 0z', k.shade, k.line) +
    shape(
      'M140 290h120q10 0 10 10v90q0 10-10 10H140q-10 0-10-10v-90q0-10 10-10z',
      k.shade,
      k.line,
    ) +
    strokeOnly('M130 316h140', k.line, 2, dash),
  basket: (k) =>
    strokeOnly('M136 200q-10-110 64-110t64 110', '#7a4a2a', 10) +
    shape('M96 190h208q14 110-22 210-8 26-36 26h-92q-28 0-36-26-36-100-22-210z', k.fill, k.line) +
    strokeOnly('M100 250h200M106 320h188', k.line, 6) +
    shape('M96 190h208l-2 20H98z', '#7a4a2a', k.line, 2),
  wallet: (k) =>
    shape('M120 170h190q10 0 10 10v40H120z', '#f1ece2', k.line, 2) +
    shape('M84 190h232q12 0 12 12v150q0 12-12 12H84q-12 0-12-12V202q0-12 12-12z', k.fill, k.line) +
    strokeOnly('M84 204h232q0 0 0 0M84 350h232', k.line, 2, dash) +
    shape('M254 250h74v54h-74q-10 0-10-10v-34q0-10 10-10z', k.shade, k.line, 2),
  necklace: (k) =>
    strokeOnly('M112 70q-6 250 88 264 94-14 88-264', k.line, 10) +
    strokeOnly('M112 70q-6 250 88 264 94-14 88-264', k.fill, 6) +
    shape('M200 330q22 30 22 56 0 24-22 34-22-10-22-34 0-26 22-56z', k.fill, k.line) +
    strokeOnly('M192 372q2-14 8-22', k.hi, 3),
  ring: (k) =>
    `<ellipse cx="200" cy="310" rx="104" ry="96" fill="none" stroke="${k.line}" stroke-width="30"/>` +
    `<ellipse cx="200" cy="310" rx="104" ry="96" fill="none" stroke="${k.fill}" stroke-width="22"/>` +
    shape('M152 180h96l24 36-72 62-72-62z', '#eef3f7', k.line) +
    strokeOnly('M128 216h144M176 180l-14 36 38 62 38-62-14-36', k.line, 2),
  earrings: (k) => {
    const one = (x: number) =>
      strokeOnly(`M${x} 90q-26 0-26 30`, k.line, 4) +
      `<circle cx="${x}" cy="140" r="14" fill="${k.fill}" stroke="${k.line}" stroke-width="3"/>` +
      shape(`M${x} 170q40 70 40 130 0 44-40 56-40-12-40-56 0-60 40-130z`, k.fill, k.line) +
      strokeOnly(`M${x - 16} 300q0-30 10-54`, k.hi, 4)
    return one(130) + one(270)
  },
  bracelet: (k) =>
    `<ellipse cx="200" cy="270" rx="140" ry="88" fill="none" stroke="${k.line}" stroke-width="36"/>` +
    `<ellipse cx="200" cy="270" rx="140" ry="88" fill="none" stroke="${k.fill}" stroke-width="28"/>` +
    `<ellipse cx="200" cy="270" rx="140" ry="88" fill="none" stroke="${k.hi}" stroke-width="3" stroke-dasharray="4 22"/>`,
  lipstick: (k) =>
    shape('M160 140l50-50q14-4 20 8v60h-70z', k.fill, k.line) +
    shape('M150 158h90v46h-90z', '#d9b45a', k.line) +
    shape('M140 204h110v220q0 10-10 10h-90q-10 0-10-10z', '#26262a', k.line) +
    strokeOnly('M162 228v180', '#55555c', 4) +
    shape('M270 254h60v170q0 10-10 10h-40q-10 0-10-10z', '#26262a', k.line),
  perfume: (k) =>
    shape('M178 70h44v50h-44z', '#d9b45a', k.line) +
    shape('M186 120h28v30h-28z', '#e9e4da', k.line, 2) +
    `<rect x="104" y="150" width="192" height="270" rx="28" fill="${k.fill}" fill-opacity=".9" stroke="${k.line}" stroke-width="3"/>` +
    `<rect x="150" y="250" width="100" height="60" rx="4" fill="#f8f6f1" stroke="${k.line}" stroke-width="2"/>` +
    strokeOnly('M128 180v200', '#ffffff', 8, ' stroke-opacity=".45"'),
  skincare: (k) =>
    shape('M126 60h52v70h-52z', '#2a2a2e', k.line) +
    shape('M112 130h80v46h-80z', '#e9e4da', k.line, 2) +
    `<rect x="96" y="176" width="112" height="250" rx="18" fill="${k.fill}" stroke="${k.line}" stroke-width="3"/>` +
    `<rect x="112" y="260" width="80" height="70" rx="4" fill="#f8f6f1"/>` +
    `<rect x="226" y="330" width="120" height="96" rx="12" fill="${k.fill}" stroke="${k.line}" stroke-width="3"/>` +
    shape('M220 300h132v36H220z', '#e9e4da', k.line),
  compact: (k) => {
    const tones = [
      mix(k.base, '#ffffff', 0.45),
      k.base,
      mix(k.base, '#000000', 0.3),
      palette.Nude.hex,
      palette.Champagne.hex,
      palette.Brown.hex,
    ]
    const pans = tones
      .map(
        (tone, i) =>
          `<circle cx="${128 + (i % 3) * 72}" cy="${218 + Math.floor(i / 3) * 80}" r="28" fill="${tone}" stroke="#55555c" stroke-width="2"/>`,
      )
      .join('')
    return (
      shape('M88 100h224q12 0 12 12v60H76v-60q0-12 12-12z', '#e9e4da', k.line) +
      shape('M76 172h248v188q0 12-12 12H88q-12 0-12-12z', '#2a2a2e', k.line) +
      pans
    )
  },
  sunglasses: (k) =>
    strokeOnly('M70 200l-28-26M330 200l28-26', k.line, 8) +
    shape('M64 196h120q6 0 6 8-2 60-36 72-40 10-72-14-24-22-24-58 0-8 6-8z', k.fill, k.line, 4) +
    shape('M216 196h120q6 0 6 8 0 36-24 58-32 24-72 14-34-12-36-72 0-8 6-8z', k.fill, k.line, 4) +
    '<path d="M80 212h96q-4 44-30 52-30 6-52-10-16-16-14-42zM224 212h96q2 26-14 42-22 16-52 10-26-8-30-52z" fill="#2c3138" fill-opacity=".85"/>' +
    strokeOnly('M186 206q14-12 28 0', k.line, 6) +
    strokeOnly('M96 224q10-6 22-6', '#ffffff', 4, ' stroke-opacity=".5"'),
  belt: (k) =>
    shape('M60 230h300q14 0 14 14v32q0 14-14 14H60z', k.fill, k.line) +
    strokeOnly('M110 240h250M110 280h250', k.line, 2, dash) +
    `<g fill="${k.line}"><circle cx="260" cy="260" r="5"/><circle cx="290" cy="260" r="5"/><circle cx="320" cy="260" r="5"/></g>` +
    `<rect x="40" y="214" width="72" height="92" rx="10" fill="none" stroke="#c9a13f" stroke-width="12"/>` +
    strokeOnly('M76 220v80', '#a4822f', 6),
  scarf: (k) =>
    shape('M112 118q88-70 176 0 26 40-30 62-58 16-116 0-56-22-30-62z', k.fill, k.line) +
    `<ellipse cx="200" cy="122" rx="56" ry="18" fill="${background}" stroke="${k.line}" stroke-width="3"/>` +
    shape('M176 170l-64 240h72l34-236z', k.fill, k.line) +
    shape('M206 176l18 224h72l-60-230z', k.shade, k.line) +
    shape('M180 156h42l8 30h-58z', k.shade, k.line) +
    strokeOnly(
      'M118 412v22M134 412v22M150 412v22M166 412v22M232 402v22M248 402v22M264 402v22M280 402v22',
      k.line,
      3,
    ),
  hat: (k) =>
    `<ellipse cx="200" cy="334" rx="160" ry="44" fill="${k.fill}" stroke="${k.line}" stroke-width="3"/>` +
    shape('M128 330q-8-94 24-130 48-26 96 0 32 36 24 130-72 22-144 0z', k.fill, k.line) +
    shape('M128 296q72 20 144 0l-1 28q-71 20-142 0z', k.shade, k.line, 2) +
    strokeOnly('M200 180q-14 34 0 70M160 204q6 30 0 60M240 204q-6 30 0 60', k.line, 2),
  'luxury-watch': (k) => {
    const metal = k.metal ? k.fill : '#b9bfc5'
    const metalLine = k.metal ? k.line : '#7d858c'
    const dial = k.metal ? '#f7f4ec' : k.fill
    const hand = k.metal || !k.dark ? '#2b2b2e' : '#f2efe8'
    const ticks = [0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330]
      .map((a) => `<rect x="198" y="186" width="4" height="12" transform="rotate(${a} 200 250)"/>`)
      .join('')
    return (
      shape('M160 40h80l-8 150h-64zM168 310h64l8 150h-80z', k.metal ? k.fill : k.shade, k.line) +
      strokeOnly('M164 80h72M164 120h72M166 160h68M166 350h68M164 390h72M164 430h72', k.line, 2) +
      `<circle cx="200" cy="250" r="92" fill="${metal}" stroke="${metalLine}" stroke-width="3"/>` +
      `<circle cx="200" cy="250" r="74" fill="${dial}" stroke="${metalLine}" stroke-width="2"/>` +
      `<rect x="290" y="240" width="14" height="20" rx="3" fill="${metal}" stroke="${metalLine}" stroke-width="2"/>` +
      `<g fill="${hand}">${ticks}</g>` +
      strokeOnly('M200 250l34-36M200 250l-22 48', hand, 5) +
      `<circle cx="200" cy="250" r="6" fill="${hand}"/>`
    )
  },
  'smart-watch': (k) =>
    shape('M156 40h88l-6 130h-76zM162 330h76l6 130h-88z', k.fill, k.line) +
    `<rect x="128" y="160" width="144" height="180" rx="40" fill="#3a3d42" stroke="#1f2023" stroke-width="4"/>` +
    `<rect x="142" y="176" width="116" height="148" rx="30" fill="#0f1012"/>` +
    `<rect x="272" y="214" width="10" height="34" rx="4" fill="#3a3d42"/>` +
    `<circle cx="200" cy="250" r="40" fill="none" stroke="${k.metal || k.dark ? '#e94b5a' : k.fill}" stroke-width="9" stroke-dasharray="190 80" stroke-linecap="round"/>` +
    `<circle cx="200" cy="250" r="26" fill="none" stroke="#57d68d" stroke-width="8" stroke-dasharray="110 60" stroke-linecap="round"/>`,
}

export const kindLabels: Record<IllustrationKind, string> = {
  dress: 'Dress',
  gown: 'Evening gown',
  top: 'Blouse',
  tee: 'T-shirt',
  sweater: 'Sweater',
  shirt: 'Shirt',
  jacket: 'Jacket',
  trousers: 'Trousers',
  jeans: 'Jeans',
  shorts: 'Shorts',
  skirt: 'Skirt',
  'matching-set': 'Matching set',
  'kids-outfit': 'Kids outfit',
  sneaker: 'Sneaker',
  heel: 'High heel',
  boot: 'Boot',
  sandal: 'Sandals',
  loafer: 'Loafer',
  handbag: 'Handbag',
  tote: 'Tote bag',
  clutch: 'Clutch',
  backpack: 'Backpack',
  basket: 'Woven basket bag',
  wallet: 'Wallet',
  necklace: 'Necklace',
  ring: 'Ring',
  earrings: 'Earrings',
  bracelet: 'Bracelet',
  lipstick: 'Lipstick',
  perfume: 'Perfume',
  skincare: 'Skincare',
  compact: 'Makeup palette',
  sunglasses: 'Sunglasses',
  belt: 'Belt',
  scarf: 'Scarf',
  hat: 'Hat',
  'luxury-watch': 'Luxury watch',
  'smart-watch': 'Smart watch',
}

const svgOpen =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500" role="img">'

/** One product picture as SVG text. */
export function renderIllustration(kind: IllustrationKind, colour: Colour): string {
  const s: Swatch = palette[colour]
  const ink = inkFor(colour)
  const defs = s.pattern ? patternDef(s.pattern, s.hex, s.accent ?? ink.line) : ''
  return (
    `${svgOpen}<title>${kindLabels[kind]} in ${colour}</title>${defs}` +
    `<rect width="400" height="500" fill="${background}"/>` +
    `<ellipse cx="200" cy="458" rx="150" ry="14" fill="${shadow}"/>` +
    `${drawings[kind](ink)}</svg>\n`
  )
}

/** The neutral "no image" placeholder, used wherever a picture is missing. */
export function renderPlaceholder(): string {
  return (
    `${svgOpen}<title>No image available</title>` +
    `<rect width="400" height="500" fill="#f1efeb"/>` +
    '<g fill="none" stroke="#b9b4ab" stroke-width="8" stroke-linejoin="round" stroke-linecap="round">' +
    '<rect x="120" y="170" width="160" height="130" rx="14"/><circle cx="168" cy="212" r="14"/>' +
    '<path d="M124 290l52-50 34 30 26-22 44 42"/></g>' +
    '<text x="200" y="350" text-anchor="middle" font-family="system-ui,sans-serif" font-size="22" fill="#8d877d">No image</text></svg>\n'
  )
}

/** The "LK" monogram in black and gold, for the browser tab and bookmarks. */
export function renderFavicon(): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img">' +
    '<title>Luxe Kenya</title><rect width="64" height="64" rx="14" fill="#111111"/>' +
    '<rect x="4" y="4" width="56" height="56" rx="11" fill="none" stroke="#d4b25a" stroke-width="2"/>' +
    '<text x="32" y="43" text-anchor="middle" font-family="Georgia,\'Times New Roman\',serif" font-size="28" font-weight="700" letter-spacing="1" fill="#d4b25a">LK</text></svg>\n'
  )
}

/**
 * Every picture a catalogue needs, keyed by public path (`/images/products/<kind>-<colour>.svg`): one per
 * kind and colour offered, so the picture follows the colour a shopper picks.
 */
export function illustrationFiles(products: readonly SeedProduct[]): Map<string, string> {
  const files = new Map<string, string>()
  for (const product of products) {
    for (const colour of product.colors) {
      const path = imagePath(product.kind, colour)
      if (!files.has(path)) files.set(path, renderIllustration(product.kind, colour))
    }
  }
  return files
}
