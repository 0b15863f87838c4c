/** The pages of this module that others link to by name (core/plugin/links.ts). */
declare module '../../core/plugin/links' {
  interface LinkMap {
    /** The company card of an agent's client. */
    'clients/company': { id: number }
  }
}
export {}
