import { createSystem, defineConfig, mergeConfigs } from '@chakra-ui/react/styled-system'
import { defaultBaseConfig } from '@chakra-ui/react/preset-base'
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
 */
const brand = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
    '*:focus-visible': { outline: '2px solid', outlineColor: 'brand.gold', outlineOffset: '2px' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value: "Georgia, 'Times New Roman', 'Noto Serif', serif",
        },
        body: {
          value:
            "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
        },
      },
      colors: {
        brand: {
          ink: { value: '#111111' },
          gold: { value: '#8a6a1f' },
          goldLight: { value: '#d4b25a' },
          cream: { value: '#faf6ef' },
          sale: { value: '#b3261e' },
          kenyaGreen: { value: '#0b6b3a' },
        },
      },
    },
  },
})

const recipesOnly = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
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
      toast: toastSlotRecipe,
    },
  },
})

export const system = createSystem(mergeConfigs(defaultBaseConfig, recipesOnly, brand))
