/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string
  readonly VITE_SUPABASE_ANON_KEY?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

/** The reset, global styles and design tokens built from the Chakra system (build/chakra-base-css.ts). */
declare module 'virtual:chakra-base.css'
/** All of Chakra's reset, global styles and tokens, for its scope (build/chakra-base-css.ts). */
declare module 'virtual:chakra-tokens.css'
