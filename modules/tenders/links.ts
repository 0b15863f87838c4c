/** The pages of this module that others link to by name (core/plugin/links.ts). */
declare module '../../core/plugin/links' {
  interface LinkMap {
    'tenders/tender': { id: number }
  }
}
export {}
