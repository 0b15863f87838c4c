import { Subscription } from 'rxjs'
import type { KeyValueStorage } from '../auth/storage'
import { STORAGE_KEY } from '../auth/storage'
import type { Bus } from '../bus/bus'
import { isLocale } from './i18n'

/** Local-storage key of a language chosen on this device that no account has yet (`$localeChoice`, account.ts). */
export const LOCALE_CHOICE_KEY = 'localeChosen'

/**
 * Edge adapter: the UI language goes to local storage `locale` and to `<html lang>`; a choice no account has yet
 * goes to `localeChosen` until an account saves it, and comes back at start (as the `locale/chosen` it was), so
 * choosing a language on the login page, reloading and then signing in still gives the account that language.
 */
export function attachLocaleAdapter({ bus, storage, document }: { bus: Bus; storage: KeyValueStorage; document: Document | null }): Subscription {
  const sub = new Subscription()
  sub.add(
    bus.on(['app/started', 'locale/changed']).subscribe(e => {
      const locale = e.type === 'locale/changed' ? e.payload.locale : e.type === 'app/started' ? e.payload.locale : undefined
      if (!locale) return
      if (e.type === 'locale/changed') storage.setItem(STORAGE_KEY.locale, locale)
      if (document) document.documentElement.lang = locale
    }),
  )
  sub.add(
    bus.on('app/started').subscribe(() => {
      const chosen = storage.getItem(LOCALE_CHOICE_KEY)
      if (isLocale(chosen)) bus.emit('locale/chosen', { locale: chosen }, 'ui')
    }),
  )
  sub.add(bus.on('locale/chosen').subscribe(e => storage.setItem(LOCALE_CHOICE_KEY, e.payload.locale)))
  sub.add(
    bus.on('locale/saved').subscribe(e => {
      if (storage.getItem(LOCALE_CHOICE_KEY) === e.payload.locale) storage.removeItem(LOCALE_CHOICE_KEY)
    }),
  )
  return sub
}
