import { createStore } from 'effector'
import { onBus } from '../events/effector'
import type { Locale } from '../events/map'
import { DEFAULT_LOCALE } from './i18n'

/** The UI language: what the app started with (local storage `locale`), then each `locale/changed`. */
export const $locale = createStore<Locale>(DEFAULT_LOCALE)
  .on(onBus('app/started'), (locale, { locale: started }) => started ?? locale)
  .on(onBus('locale/changed'), (_, { locale }) => locale)
