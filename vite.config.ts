import { defaultClientConditions, defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { readFileSync } from 'node:fs'
import { localeShellParts } from './vite.locale-parts'
import { precompress } from './vite.precompress'

/**
 * react-aria ships the strings of its built-in labels (a popover's hidden "dismiss" button, sort and
 * selection announcements…) in 34 locales and bundles all of them. We speak ru and en: every other locale
 * module becomes `null`, which react-aria's dictionary drops (it falls back to en-US), the same trick as
 * Adobe's optimize-locales-plugin. Build only; the dev server keeps them all.
 */
export function reactAriaLocales(keep: readonly string[] = ['ru-RU', 'en-US']): Plugin {
  const localeModule = /[\\/]react-aria(?:-components)?[\\/]dist[\\/].*[\\/]intl[\\/](?:[^\\/]+[\\/])?([a-z]{2,3}(?:-[A-Za-z]+)+)\.mjs$/
  return {
    name: 'react-aria-locales',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const locale = localeModule.exec(id)?.[1]
      if (locale && !keep.includes(locale)) return 'export default null'
      return null
    },
  }
}

/**
 * A module's contract.ts (schemas, constants, endpoint descriptors) and the declarations the bids contract re-exports
 * (its workflow tables, services, form fields) do nothing when imported: a plugin's index.ts that reads one constant
 * from a contract (a list's tabs for its route load) must not bring every re-exported declaration into the first load
 * with it. Everything else keeps the default (packages' own `sideEffects`).
 */
const PURE_DECLARATIONS = /[\\/]modules[\\/][\w-]+[\\/]contract\.ts$|[\\/]modules[\\/]bids[\\/](?:workflow|services|fields)\.ts$/
export const declarationsArePure = (id: string): false | undefined => (PURE_DECLARATIONS.test(id) ? false : undefined)

/**
 * The SPA: index.html → app/main.tsx. Default chunking already does what we need: pages, react-aria's
 * Table/DatePicker/Select and JsSIP are reached only through dynamic import(), so they land in lazy chunks
 * and the login page loads the entry chunk alone. No manualChunks: a shared "vendor" chunk would only pull
 * lazy code into the first load.
 *
 * Dev: `/api` (HTTP and the real-time WebSocket) goes to the API server; API_PROXY overrides its address.
 * The server never reads the Host header for the socket: its URL and allowed origins come from PUBLIC_URL /
 * PUBLIC_ORIGIN, which scripts/dev.sh sets to this dev server's address (set them likewise for `vite preview`).
 */
/**
 * Chunks made on purpose: everything the entry imports statically is one chunk (left to itself rolldown split react,
 * effector, styled-components and rxjs off into chunks of their own that every page loads anyway: ≈ 3 KB gzip lost to
 * compressing them apart, and four more requests); the sidebar's and bell's parts of every module's locale pack are one
 * chunk per language (fetched together after sign-in; a dozen files of 0.1–0.7 KB each before).
 */
const SHELL_PACK = /[\\/]i18n[\\/](ru|en)\.json\?shell$/
const chunkGroups = [
  { name: 'index', tags: ['$initial' as const] },
  { name: (id: string) => `shell-${SHELL_PACK.exec(id)?.[1] ?? 'pack'}`, debugName: 'shell packs', test: SHELL_PACK },
]

const apiProxy = {
  '/api': {
    target: process.env.API_PROXY ?? 'http://127.0.0.1:8080',
    ws: true,
    changeOrigin: false,
  },
}

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }

export default defineConfig({
  // `?shell` parts of the locale packs (vite.locale-parts.ts); brotli and gzip copies of every text asset, served by
  // Accept-Encoding (server/http/static.ts).
  plugins: [react(), reactAriaLocales(), localeShellParts(), precompress()],
  // The login footer shows the build's version and date (DESIGN §9).
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __BUILD_DATE__: JSON.stringify(process.env.BUILD_DATE ?? new Date().toISOString().slice(0, 10)),
  },
  // rxjs's `es2015` build (classes, no tslib helpers) rather than its ES5 default: 1.6 KB gzip less in every first
  // load. No other package the SPA bundles declares that condition.
  resolve: { conditions: ['es2015', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    // bench/run.ts reads it to tell exactly what the login page loads.
    manifest: true,
    // Every browser we support preloads modules itself.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    reportCompressedSize: true,
    // The entry is ~130 KB gzip by budget (≈ 400 KB raw); warn only above that.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      treeshake: { moduleSideEffects: declarationsArePure },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: apiProxy,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: apiProxy,
  },
})
