import { useUnit } from 'effector-react'
import type { TFunction } from 'i18next'
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react'
import { i18n, type I18n } from './i18n'
import { $locale } from './model'

/** Which i18next instance `useT` reads; the app's `i18n` unless a provider says otherwise (tests). */
export const I18nContext = createContext<I18n>(i18n)

const versions = new WeakMap<I18n, { version: number; listeners: Set<() => void> }>()
function trackerOf(instance: I18n) {
  let tracker = versions.get(instance)
  if (!tracker) {
    const created = { version: 0, listeners: new Set<() => void>() }
    instance.store.on('added', () => {
      created.version += 1
      for (const listener of created.listeners) listener()
    })
    versions.set(instance, created)
    tracker = created
  }
  return tracker
}

/**
 * `t` for the current locale (`$locale` in the effector scope of the nearest `<Provider>`), re-rendering when
 * the locale changes or a namespace finishes loading: `const t = useT(); t('validation:required')`.
 */
export function useT(namespace?: string): TFunction {
  const locale = useUnit($locale)
  const instance = useContext(I18nContext)
  const tracker = trackerOf(instance)
  const version = useSyncExternalStore(
    listener => {
      tracker.listeners.add(listener)
      return () => tracker.listeners.delete(listener)
    },
    () => tracker.version,
  )
  return useMemo(
    () => (namespace ? instance.getFixedT(locale, namespace) : instance.getFixedT(locale)) as TFunction,
    // `version` is a dependency on purpose: a newly loaded namespace must give a fresh `t`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [instance, locale, namespace, version],
  )
}
