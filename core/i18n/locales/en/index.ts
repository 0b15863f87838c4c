/** The core's English texts: one chunk, fetched when the app first speaks English (core/i18n/i18n.ts). */
export { default as core } from './core.json'
export { default as validation } from './validation.json'
