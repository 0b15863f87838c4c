/**
 * Named links between modules (Backstage's external route refs): a module that owns a page declares its name and
 * parameters by declaration merging and gives the path builder in its plugin (`links`); another module asks the
 * registry for it by name and never writes the other's path:
 *
 *   declare module '../../core/plugin/links' { interface LinkMap { 'tenders/tender': { id: number } } }
 *   definePlugin({ id: 'tenders', links: { 'tenders/tender': ({ id }) => `/tenders/${id}` } })
 *   registry.link('tenders/tender', { id: 42 })   // '/tenders/42', or null when the tenders module is not installed
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LinkMap {}
export type LinkName = keyof LinkMap
export type LinkBuilders = { [K in LinkName]?: (params: LinkMap[K]) => string }
