import { defaultClientConditions, defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { readFileSync } from 'node:fs'
import { localeParts } from './vite.locale-parts'
import { chunkPlan } from './vite.chunk-plan'
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
 * effector-react reads useSyncExternalStore through use-sync-external-store's shims, written for Reacts before 18;
 * React 19 has the hook itself. The shim becomes React's own hook and the selector helper its shim-free build
 * (the same package): ≈ 0.4 KB gzip off every first load. Build only; dev and tests keep the package as it is.
 */
export function reactOwnSyncExternalStore(): Plugin {
  const OWN = '\0react-own-sync-external-store'
  return {
    name: 'react-own-sync-external-store',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === 'use-sync-external-store/shim/index.js') return OWN
      if (id === 'use-sync-external-store/shim/with-selector.js') return this.resolve('use-sync-external-store/with-selector.js', importer)
      return null
    },
    load(id) {
      return id === OWN ? "import { useSyncExternalStore } from 'react'\nexport { useSyncExternalStore }\nexport default { useSyncExternalStore }" : null
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
const chunks = chunkPlan({
  entry: '/app/main.tsx',
  groups: [
    // What the sign-in page builds on besides its own module: fields, masks, the shared validation rules, valibot, the
    // language switch, the document title. Most signed-in pages use them too.
    { name: 'common', roots: ['/app/shell/DocumentTitle.tsx', '/modules/account/ui/LoginPage.tsx'], except: /[\\/]modules[\\/]account[\\/]/ },
    // The sign-in page itself, with the parts of its module it imports (the frame of the guest pages, the form's
    // error texts): one chunk, not three.
    { name: 'login', roots: ['/modules/account/ui/LoginPage.tsx'] },
    // What every signed-in page loads whatever the page: the shell, every module's declarations, the signed-in core
    // (socket, session control), the HTTP client, and the parts of the kit nearly every page draws.
    {
      name: 'session',
      roots: [
        ...['/app/modules.ts', '/app/shell.plugin.ts', '/app/shell/Layout.tsx', '/core/socket/signed-in.ts', '/core/socket/adapter.ts', '/node_modules/ky/distribution/index.js'],
        ...['PageHeader.tsx', 'ErrorState.tsx', 'tabStyles.ts', 'TabStrip.tsx', 'IconButton.tsx', 'Card.tsx', 'list/ListState.tsx'].map(file => `/core/ui/${file}`),
      ],
    },
    // The list pages' kit: table, tabs, search, pager.
    { name: 'kit', roots: ['/core/ui/list/ListPage.tsx', '/core/ui/list/PagedTable.tsx', '/core/ui/list/CursorTable.tsx'] },
  ],
})
const chunkGroups = [
  ...chunks.groups,
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
  // Parts of the locale packs (`?shell`, `?sections=`: vite.locale-parts.ts); the chunk plan (vite.chunk-plan.ts);
  // brotli and gzip copies of every text asset, served by Accept-Encoding (server/http/static.ts).
  plugins: [react(), reactAriaLocales(), reactOwnSyncExternalStore(), localeParts(), chunks.plugin, precompress()],
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
    modulePreload: { polyfill: false, resolveDependencies: chunks.preloadDependencies },
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
