import { fileURLToPath, URL } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { manifest } from './src/config/manifest'

const backendTarget = process.env.BACKEND_URL ?? 'http://127.0.0.1:54321'
const backendPrefixes = ['/auth/v1', '/rest/v1', '/functions/v1', '/__dev']

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      // The manifest's icons are added once by includeManifestIcons; the globs leave PNGs out so they
      // are not listed twice. Product pictures are cached at run time (bounded), never precached.
      includeManifestIcons: true,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,ico}'],
        globIgnores: ['images/products/**', 'icons/**/*.ts'],
        // A classic-script worker written straight to sw.js: no intermediate sw.mjs left in dist, and
        // browsers without module service workers still install it.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@shared': fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url)),
    },
  },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(backendPrefixes.map((prefix) => [prefix, backendTarget])),
  },
  preview: { host: '127.0.0.1', port: 4173 },
})
