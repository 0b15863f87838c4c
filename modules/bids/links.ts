// The bid's page as other modules link to it (core/plugin/links.ts): registry.link('bids/bid', { id }).
declare module '../../core/plugin/links' {
  interface LinkMap {
    'bids/bid': { id: number }
  }
}
export {}
