import { fileURLToPath, URL } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { manifest } from './src/config/manifest'

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@shared': fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url)),
}

/**
 * The start-up splash is drawn by a small classic script at the top of index.html's body (see
 * src/components/splash-screen.ts), so it paints with the document instead of after the app's code.
 * The script is built from src/components/splash-boot.ts (with the store's name and the spec's timings
 * from the config) and inlined here.
 */
function inlineSplash(): Plugin {
  let built: Promise<string> | undefined
  const bundleSplash = async () => {
    const result = await build({
      configFile: false,
      logLevel: 'warn',
      resolve: { alias },
      build: {
        write: false,
        copyPublicDir: false,
        target: 'es2020',
        lib: {
          entry: fileURLToPath(new URL('./src/components/splash-boot.ts', import.meta.url)),
          formats: ['iife'],
          name: 'luxeSplashBoot',
        },
      },
    })
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) =>
      'output' in r ? r.output : [],
    )
    const chunk = outputs.find((output) => output.type === 'chunk')
    if (!chunk || chunk.type !== 'chunk') throw new Error('The splash script did not build.')
    return chunk.code.trim()
  }
  return {
    name: 'luxe-inline-splash',
    configureServer() {
      // In development the script is rebuilt for every page, so edits show on reload.
      built = undefined
    },
    async transformIndexHtml(_html, context) {
      const code = await (context.server ? bundleSplash() : (built ??= bundleSplash()))
      return [{ tag: 'script', children: code, injectTo: 'body-prepend' }]
    },
  }
}

/**
 * The libraries every page needs before it can render (React, the router, Redux, Chakra's style engine)
 * go in one file: split into the many small chunks the bundler would otherwise make, they cost a phone on
 * a slow link one round trip after another (six at a time over HTTP/1.1) for no saving, since the first
 * page needs all of them.
 */
const firstRouteLibraries =
  /node_modules[\\/](react|react-dom|scheduler|react-redux|redux|redux-thunk|@reduxjs[\\/]toolkit|immer|reselect|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store)|@emotion|stylis)[\\/]/

const backendTarget = process.env.BACKEND_URL ?? 'http://127.0.0.1:54321'
const backendPrefixes = ['/auth/v1', '/rest/v1', '/functions/v1', '/__dev']

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    inlineSplash(),
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
  resolve: { alias },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: firstRouteLibraries }],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(backendPrefixes.map((prefix) => [prefix, backendTarget])),
  },
  preview: { host: '127.0.0.1', port: 4173 },
})
