declare module '../../core/plugin/links' {
  interface LinkMap {
    /**
     * A task's page, which the tasks module owns: declared here with the same shape the tasks plugin will give it
     * (`links: { 'tasks/task': ({ id }) => … }`), so this module asks for it by name.
     */
    'tasks/task': { id: number }
  }
}
export {}
