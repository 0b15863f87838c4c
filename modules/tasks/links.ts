/** The pages of this module that others link to by name (core/plugin/links.ts): the call panel's "open task". */
declare module '../../core/plugin/links' {
  interface LinkMap {
    'tasks/task': { id: number }
  }
}
export {}
