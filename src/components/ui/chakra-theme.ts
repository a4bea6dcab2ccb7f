import {
  createSystem,
  defineConfig,
  defineGlobalStyles,
  defineSlotRecipe,
  mergeConfigs,
  type SystemStyleObject,
} from '@chakra-ui/react/styled-system'
import { defaultBaseConfig } from '@chakra-ui/react/preset-base'
import { bodyFont, headingFont } from '../../config/fonts'
import {
  animationStyles,
  breakpoints,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme'
import {
  badgeRecipe,
  buttonRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  headingRecipe,
  inputRecipe,
  linkRecipe,
  spinnerRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme'

/**
 * A trimmed Chakra system: the base tokens plus only the recipes the storefront uses, so the first route
 * does not carry every component's styles. Add a recipe here when a screen starts using its component.
 * Fonts are the phone's own (no font downloads).
 *
 * Palette: ink black, ivory and gold. `brand.gold` passes WCAG AA as text on white and on `brand.cream`
 * (5.0:1 and 4.7:1); `brand.goldDeep` is for small gold text on ivory; `brand.goldLight` is only for
 * text and lines on ink (9.3:1), never on light backgrounds.
 */
const brand = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
    // Text is set up one way on every element: the reset's optimizeLegibility reached text but not form
    // controls (the browser keeps them at auto), so a phone set up each face of theirs a second time,
    // in the first layout. Kerning and ligatures are the browser's own choice at auto.
    html: { scrollPaddingTop: '7rem', textRendering: 'auto' },
    body: { overflowX: 'hidden' },
    '*:focus-visible': { outline: '2px solid', outlineColor: 'brand.gold', outlineOffset: '2px' },
    // Shoppers who ask for less motion get none: drawers, toasts and the splash appear without sliding.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: headingFont },
        body: { value: bodyFont },
      },
      colors: {
        brand: {
          ink: { value: '#111111' },
          charcoal: { value: '#2a2a2a' },
          gold: { value: '#8a6a1f' },
          goldDeep: { value: '#7a5c14' },
          goldLight: { value: '#d4b25a' },
          cream: { value: '#faf6ef' },
          ivory: { value: '#f3ede2' },
          line: { value: '#e6dfd2' },
          muted: { value: '#595959' },
          sale: { value: '#b3261e' },
          kenyaGreen: { value: '#0b6b3a' },
        },
      },
    },
  },
})

/** Toasts in the house colours: ink for good news, the sale red for errors. */
const toastRecipe = defineSlotRecipe({
  ...toastSlotRecipe,
  base: {
    ...toastSlotRecipe.base,
    root: {
      ...toastSlotRecipe.base?.root,
      borderRadius: 'sm',
      borderWidth: '1px',
      borderColor: 'brand.line',
      '&[data-type=success]': {
        bg: 'brand.ink',
        color: 'white',
        borderColor: 'brand.goldLight',
        '--toast-trigger-bg': '{white/10}',
        '--toast-border-color': '{white/40}',
      },
      '&[data-type=error]': {
        bg: 'brand.sale',
        color: 'white',
        borderColor: 'brand.sale',
        '--toast-trigger-bg': '{white/10}',
        '--toast-border-color': '{white/40}',
      },
    },
    title: { ...toastSlotRecipe.base?.title, fontWeight: 'semibold' },
    description: { ...toastSlotRecipe.base?.description, opacity: '0.92' },
  },
})

/**
 * Every token is turned into a CSS variable when the app starts (the costliest part of creating the
 * system), so the palettes nothing uses are left out. Kept: gray (the components' default), the status
 * colours red, orange, green and blue (errors, warnings, success, info) and purple (an admin badge
 * tone, see features/admin/labels.ts).
 */
const unusedPalettes = new Set(['yellow', 'teal', 'cyan', 'pink'])

function withoutUnusedPalettes<T extends object>(group: T): T {
  return Object.fromEntries(
    Object.entries(group).filter(([name]) => !unusedPalettes.has(name)),
  ) as T
}

/**
 * The store has no dark mode: semantic tokens keep their light value only, so no second (`.dark`) set
 * of variables is built and inserted at start-up.
 */
function lightOnly<T>(node: T): T {
  if (typeof node !== 'object' || node === null) return node
  if ('value' in node) {
    const { value } = node as { value: unknown }
    if (typeof value === 'object' && value !== null && '_light' in value) {
      return { ...node, value: (value as { _light: unknown })._light }
    }
    return node
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, child]) => [key, lightOnly(child as unknown)]),
  ) as T
}

/**
 * Chakra's global styles, reshaped for the cost of a style pass (paid on a cheap phone's first frame and
 * again on every tap):
 * - no `*::selection` rule: with one, the browser works out a selection style for every element in every
 *   style pass (a listing's first frame styled 387 elements instead of 208, a fifth of its style time).
 *   Selected text takes the browser's own colours.
 * - the font settings and the `--global-*` variables are set once on `html` and inherited, not on every
 *   element: an element that sets custom properties of its own carries its own copy of all of them.
 *   (`*` keeps the per-element resets Chakra's style props read, `--ring-*` and the filters.)
 */
const {
  '*::selection': _selection,
  '*': everyElement = {},
  html: rootElement = {},
  ...otherGlobalCss
} = globalCss
/** What moves from every element to `html`: inherited, so set once. */
const setOnRoot = new Set([
  'fontFeatureSettings',
  '--global-font-mono',
  '--global-font-body',
  '--global-color-border',
])
const everyElementEntries = Object.entries(everyElement as SystemStyleObject)
const storeGlobalCss = defineGlobalStyles({
  ...otherGlobalCss,
  '*': Object.fromEntries(
    everyElementEntries.filter(([property]) => !setOnRoot.has(property)),
  ) as SystemStyleObject,
  html: {
    ...(rootElement as SystemStyleObject),
    ...(Object.fromEntries(
      everyElementEntries.filter(([property]) => setOnRoot.has(property)),
    ) as SystemStyleObject),
  },
})

const recipesOnly = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: storeGlobalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: withoutUnusedPalettes(semanticTokens.colors ?? {}),
    }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      toast: toastRecipe,
    },
  },
})

export const system = createSystem(mergeConfigs(defaultBaseConfig, recipesOnly, brand))
