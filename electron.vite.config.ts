import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'

// The page's strict CSP <meta> would block the dev server's inline React-refresh preamble
// and injected styles. Under `electron-vite dev` main sends a relaxed CSP header for the dev
// origin instead, so the meta is dropped while serving only; built pages keep it.
const META_CSP = /<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>\s*/i
function dropCspMetaInDev(): Plugin {
  return {
    name: 'drop-csp-meta-in-dev',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(META_CSP, '')
  }
}

const LOCALE_FILE = /[\\/]shared[\\/]i18n[\\/]locales[\\/]([^\\/]+)[\\/][^\\/]+\.json$/
function languageChunk(id: string): string | undefined {
  const language = LOCALE_FILE.exec(id)?.[1]
  return language && language !== 'en' ? `language-${language}` : undefined
}

export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') } },
      externalizeDeps: true
    }
  },
  preload: {
    // One CommonJS bundle: a sandboxed preload cannot load ES modules or other files.
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true }
      },
      externalizeDeps: { exclude: ['zod'] }
    }
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        // Each language but English (which is in the first script) is one chunk, fetched
        // when it is chosen (src/renderer/i18n/page-i18n.ts).
        output: { manualChunks: (id) => languageChunk(id) }
      },
      // electron-vite leaves the page unminified; minified, the first script parses in a
      // fraction of the time (views beyond Create are chunks of their own, see app/views.tsx).
      minify: true
    },
    plugins: [react(), dropCspMetaInDev()]
  }
})
