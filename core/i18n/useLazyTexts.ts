import type { TFunction } from 'i18next'
import { useContext } from 'react'
import type { Locale } from '../events/map'
import type { I18n } from './i18n'
import { I18nContext, useT } from './useT'

/** A part of the `core` namespace that only lazy screens use: `{ list: { … } }`, `{ workflow: { … } }`. */
export type CoreTextPack = Readonly<Record<Locale, Record<string, unknown>>>

const added = new WeakMap<I18n, WeakSet<CoreTextPack>>()

/**
 * Adds a pack to the `core` namespace of an i18next instance, once, silently (nothing needs to re-render for texts
 * that are there before the first `t` that reads them). Such packs live beside core.json (core/i18n/locales/*)
 * rather than in it: core.json is part of /login's first load, these come with the lazy screens that import them.
 */
export function addCoreTexts(instance: I18n, pack: CoreTextPack): void {
  let packs = added.get(instance)
  if (!packs) added.set(instance, (packs = new WeakSet()))
  if (packs.has(pack)) return
  for (const [lng, texts] of Object.entries(pack)) instance.addResourceBundle(lng, 'core', texts, true, false, { silent: true })
  packs.add(pack)
}

/** `t` of the core namespace with `pack` in it. */
export function useCoreTexts(pack: CoreTextPack): TFunction {
  addCoreTexts(useContext(I18nContext), pack)
  return useT('core')
}
