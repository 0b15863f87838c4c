import { Subscription } from 'rxjs'
import type { KeyValueStorage } from '../auth/storage'
import { STORAGE_KEY } from '../auth/storage'
import type { Bus } from '../bus/bus'

/** Edge adapter: the chosen locale goes to local storage `locale` and to `<html lang>`. */
export function attachLocaleAdapter({ bus, storage, document }: { bus: Bus; storage: KeyValueStorage; document: Document | null }): Subscription {
  return bus.on(['app/started', 'locale/changed']).subscribe(e => {
    const locale = e.type === 'locale/changed' ? e.payload.locale : e.type === 'app/started' ? e.payload.locale : undefined
    if (!locale) return
    if (e.type === 'locale/changed') storage.setItem(STORAGE_KEY.locale, locale)
    if (document) document.documentElement.lang = locale
  })
}
