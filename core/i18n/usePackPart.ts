import { useUnit } from 'effector-react'
import { useRuntime } from '../react/runtime'
import { $locale } from './model'
import type { LocalePacks, PackPart } from './packs'

/** Each runtime's fetches of a part for a language: pending (a promise to wait on) or settled (true). */
const fetches = new WeakMap<LocalePacks, Map<string, Promise<void> | true>>()

/**
 * A part of its module's locale pack (LocalePack.parts) that a lazily shown piece of a page reads — the sign-in page's
 * recovery dialog — fetched with it rather than with the page: suspends (the nearest Suspense shows its fallback) until
 * the part is in. A fetch that failed does not suspend again: the piece renders, in the fallback language's words.
 */
export function usePackPart(pluginId: string, part: PackPart): void {
  const { packs } = useRuntime()
  const locale = useUnit($locale)
  if (packs.hasPart(pluginId, part)) return
  let mine = fetches.get(packs)
  if (!mine) fetches.set(packs, (mine = new Map()))
  const key = `${pluginId}/${part}/${locale}`
  const fetch = mine.get(key)
  if (fetch === true) return
  if (fetch) throw fetch
  const pending = packs.need([pluginId], undefined, part).then(() => void mine.set(key, true))
  mine.set(key, pending)
  throw pending
}
