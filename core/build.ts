declare const __APP_VERSION__: string | undefined
declare const __BUILD_DATE__: string | undefined

/** The build's version and date (vite `define`); tests and the dev server without a build say `dev`. */
export const BUILD = {
  version: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev',
  /** ISO date of the build. */
  date: typeof __BUILD_DATE__ === 'string' ? __BUILD_DATE__ : new Date().toISOString().slice(0, 10),
} as const
