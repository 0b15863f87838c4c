import { createStore } from 'effector'
import type { Failure } from '../api/envelope'
import { onBus } from '../events/effector'
import type { Locale } from '../events/map'
import { DEFAULT_LOCALE } from './i18n'

declare module '../events/map' {
  interface EventMap {
    /** The user picked a language on this device (the header's switch, the profile page); an account is to get it. */
    'locale/chosen': { locale: Locale }
    /** The signed-in account's language is `locale` now (POST v1/profile/language answered, or it already was). */
    'locale/saved': { locale: Locale }
    'locale/saveFailed': { locale: Locale; failure: Failure }
  }
}

/** The UI language: what the app started with (local storage `locale`), then each `locale/changed`. */
export const $locale = createStore<Locale>(DEFAULT_LOCALE)
  .on(onBus('app/started'), (locale, { locale: started }) => started ?? locale)
  .on(onBus('locale/changed'), (_, { locale }) => locale)

/**
 * A language the user chose on this device that no account has yet (core/i18n/account.ts): set by a choice, cleared
 * once an account saved that very language (a later choice made meanwhile stays).
 */
export const $localeChoice = createStore<Locale | null>(null)
  .on(onBus('locale/chosen'), (_, { locale }) => locale)
  .on(onBus('locale/saved'), (choice, { locale }) => (choice === locale ? null : choice))
