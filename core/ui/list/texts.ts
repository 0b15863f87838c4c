import type { TFunction } from 'i18next'
import type { I18n } from '../../i18n/i18n'
import en from '../../i18n/locales/en/list.json'
import ru from '../../i18n/locales/ru/list.json'
import { addCoreTexts, useCoreTexts } from '../../i18n/useLazyTexts'

const PACK = { ru, en } as const

/** Adds the kit's texts (`core:list.*`) to an i18next instance (see core/i18n/useLazyTexts.ts). */
export const addListTexts = (instance: I18n): void => addCoreTexts(instance, PACK)

/** `t` of the core namespace with the kit's texts in it: `t('list.retry')`. */
export const useListT = (): TFunction => useCoreTexts(PACK)

/**
 * "Total: 48 586", or "Total: about 48 600" when the server only estimated it (`total_estimated`, server/search/total.ts).
 */
export function totalText(t: TFunction, page: { total: number; total_estimated?: boolean }): string {
  return page.total_estimated ? t('list.totalAbout', { count: page.total }) : t('list.total', { count: page.total })
}
