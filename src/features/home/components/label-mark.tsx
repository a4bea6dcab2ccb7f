/** A label's monogram: the first letters of its first two words ('Little Luxe' → 'LL'). */
export function monogramOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
}

/** The same small number for the same name on every build (FNV-1a). */
function nameHash(name: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** Tick marks round the seal: 12, 16, 20 or 24, fixed per name, so each label's seal is its own. */
export function tickCount(name: string): number {
  return 12 + (nameHash(name) % 4) * 4
}

const gold = '#c9a45c'
const goldLight = '#e8d3a3'

/** Rounded to a hundredth of a unit: finer than the seal is ever drawn, and a short path. */
const at = (value: number) => Math.round(value * 100) / 100

/**
 * The path of a seal's tick marks, `major` (the four at the quarters) or the rest: one path for each kind
 * rather than an element per tick, so a page with several seals stays small to lay out and paint.
 */
export function tickPath(ticks: number, major: boolean): string {
  const segments: string[] = []
  for (let i = 0; i < ticks; i++) {
    if ((i % (ticks / 4) === 0) !== major) continue
    const angle = (i / ticks) * 2 * Math.PI
    const [sin, cos] = [Math.sin(angle), Math.cos(angle)]
    segments.push(
      `M${at(32 + 26.5 * sin)} ${at(32 - 26.5 * cos)}L${at(32 + 29 * sin)} ${at(32 - 29 * cos)}`,
    )
  }
  return segments.join('')
}

/**
 * A drawn seal for one of the house labels: its monogram in a ringed roundel with its own count of tick
 * marks. Drawn here from the name (no brand's own logo); decorative, as the name is written beside it.
 */
export function LabelMark({ name, hue }: { name: string; hue: string }) {
  const ticks = tickCount(name)
  return (
    <svg
      className="brand-tile__mark"
      viewBox="0 0 64 64"
      width="56"
      height="56"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="32" cy="32" r="31" fill="none" stroke={gold} strokeWidth="1" />
      <path d={tickPath(ticks, true)} fill="none" stroke={gold} strokeWidth="1.4" />
      <path d={tickPath(ticks, false)} fill="none" stroke={gold} strokeWidth="0.7" />
      <circle cx="32" cy="32" r="24.5" fill={hue} stroke={goldLight} strokeWidth="0.8" />
      <text
        x="32"
        y="38"
        textAnchor="middle"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontSize="17"
        letterSpacing="1"
        fill={goldLight}
      >
        {monogramOf(name)}
      </text>
    </svg>
  )
}
