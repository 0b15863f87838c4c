import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { Bus } from '../../core/bus/bus'
import { chunkFailureOf, loadWithin } from './chunks'

type Loader<P> = () => Promise<{ default: ComponentType<P> }>

interface Entry<P> {
  lazy: LazyExoticComponent<ComponentType<P>>
  component: ComponentType<P>
}

const caches = new WeakMap<Bus, Map<Loader<never>, Entry<never>>>()
/** A failed load's error → how to make its chunk load afresh (see forgetFailedChunk). */
const retries = new WeakMap<object, () => void>()

/**
 * A lazy component per chunk loader (a page, a widget, the shell), one per runtime, so going back to a page does not
 * suspend again. Its load times out after 120 s of the bus's clock; a load that fails as a chunk (SPEC §8) is
 * reported as `app/chunkFailed`, so the event log — and a support message with the log attached — carries it.
 *
 * React.lazy remembers a failure and throws it again at every render: the component returned here is a stable
 * wrapper around the current React.lazy, which forgetFailedChunk replaces when the user asks to retry (replacing it
 * at once would load again at the re-render that should show the error, forever).
 */
export function lazyPage<P extends object>(loader: Loader<P>, bus: Bus): ComponentType<P> {
  let cache = caches.get(bus)
  if (!cache) caches.set(bus, (cache = new Map()))
  let entry = cache.get(loader as Loader<never>) as Entry<P> | undefined
  if (!entry) {
    entry = createEntry(loader, bus)
    cache.set(loader as Loader<never>, entry as unknown as Entry<never>)
  }
  return entry.component
}

function createEntry<P extends object>(loader: Loader<P>, bus: Bus): Entry<P> {
  const startLoading = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      loadWithin(loader, bus.clock).catch((reason: unknown) => {
        const error = reason instanceof Error ? reason : new Error(String(reason))
        const kind = chunkFailureOf(error)
        if (kind) bus.emit('app/chunkFailed', { kind, message: error.message }, 'ui')
        retries.set(error, () => (entry.lazy = startLoading()))
        throw error
      }),
    )
  const entry: Entry<P> = {
    lazy: startLoading(),
    component: props => createElement(entry.lazy, props as never),
  }
  return entry
}

/** Makes the chunk whose load failed with `error` load afresh at its next render (a retry); anything else is ignored. */
export function forgetFailedChunk(error: unknown): void {
  if (typeof error === 'object' && error !== null) retries.get(error)?.()
}
