/**
 * The colour names the catalogue may use, with the shade each illustration is drawn in. A product's first
 * colour picks its picture, so a misspelt colour is a type error rather than a missing image.
 * `pattern` marks the Kenyan prints and weaves, drawn as a repeat instead of a flat colour.
 */
export type Pattern = 'kitenge' | 'ankara' | 'beaded' | 'kikoy' | 'shuka' | 'sisal'

export interface Swatch {
  hex: string
  pattern?: Pattern
  /** Second shade used by the pattern. */
  accent?: string
}

export const palette = {
  Black: { hex: '#232326' },
  White: { hex: '#f7f6f2' },
  Ivory: { hex: '#efe5cf' },
  Cream: { hex: '#eadcc0' },
  Sand: { hex: '#d6bf98' },
  Natural: { hex: '#d8c08e', pattern: 'sisal', accent: '#b79a62' },
  Camel: { hex: '#b98a52' },
  Tan: { hex: '#c49668' },
  Cognac: { hex: '#94461f' },
  Brown: { hex: '#6b4329' },
  Khaki: { hex: '#a39a68' },
  Olive: { hex: '#66683a' },
  Sage: { hex: '#9bae8e' },
  Emerald: { hex: '#17654a' },
  Teal: { hex: '#1f7a7c' },
  'Light Blue': { hex: '#a9c9e6' },
  'Denim Blue': { hex: '#46658c' },
  'Royal Blue': { hex: '#2a4fa3' },
  Navy: { hex: '#1f2a47' },
  Lilac: { hex: '#b7a2d4' },
  Purple: { hex: '#5d3a85' },
  Blush: { hex: '#ebbcbd' },
  Pink: { hex: '#e58fa8' },
  Fuchsia: { hex: '#c21f6b' },
  Coral: { hex: '#ef7f6a' },
  Red: { hex: '#b8262a' },
  Burgundy: { hex: '#6e1b2c' },
  Terracotta: { hex: '#c0603f' },
  Orange: { hex: '#e27a26' },
  Mustard: { hex: '#d2a032' },
  Nude: { hex: '#d7a88a' },
  Champagne: { hex: '#e4d1a6' },
  Grey: { hex: '#8c8f94' },
  Charcoal: { hex: '#3d3f44' },
  Silver: { hex: '#c3c7cc' },
  Steel: { hex: '#9ea6ae' },
  Platinum: { hex: '#dcdfe2' },
  Gold: { hex: '#c9a13f' },
  'Rose Gold': { hex: '#d3a08c' },
  'Kitenge Print': { hex: '#d9622b', pattern: 'kitenge', accent: '#2b2b6f' },
  'Ankara Print': { hex: '#1f4e9c', pattern: 'ankara', accent: '#f2b632' },
  'Beaded Multi': { hex: '#c62d2d', pattern: 'beaded', accent: '#2a62b8' },
  'Kikoy Stripe': { hex: '#f0e6d2', pattern: 'kikoy', accent: '#1f7a7c' },
  'Maasai Check': { hex: '#c1272d', pattern: 'shuka', accent: '#1d2a5c' },
} as const satisfies Record<string, Swatch>

export type Colour = keyof typeof palette

export function swatch(colour: Colour): Swatch {
  return palette[colour]
}

/** `Rose Gold` → `rose-gold`: the colour part of an image file name. */
export function colourSlug(colour: string): string {
  return colour
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
