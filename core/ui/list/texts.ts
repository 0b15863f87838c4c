import type { TFunction } from 'i18next'
import { useContext } from 'react'
import type { I18n } from '../../i18n/i18n'
import en from '../../i18n/locales/en/list.json'
import ru from '../../i18n/locales/ru/list.json'
import { I18nContext, useT } from '../../i18n/useT'

const PACKS = { ru, en } as const
const ready = new WeakSet<I18n>()

/**
 * Adds the kit's texts to the `core` namespace of an i18next instance, once (`core:list.*`). Silently: nothing needs
 * to re-render for texts that are there before the first `t` call that reads them.
 */
export function addListTexts(instance: I18n): void {
  if (ready.has(instance)) return
  for (const [lng, pack] of Object.entries(PACKS)) instance.addResourceBundle(lng, 'core', pack, true, false, { silent: true })
  ready.add(instance)
}

/**
 * `t` of the core namespace with the kit's texts in it: `t('list.retry')`. They are the `list` key of the core
 * pack, kept in core/i18n/locales/{ru,en}/list.json beside core.json rather than in it: core.json is part of
 * /login's first load, and only the lazy list pages need these.
 */
export function useListT(): TFunction {
  addListTexts(useContext(I18nContext))
  return useT('core')
}
