import { useUnit } from 'effector-react'
import type { ReactNode } from 'react'
import { I18nProvider } from 'react-aria-components/I18nProvider'
import { $locale } from '../i18n/model'

/**
 * react-aria's locale — its number and date formats and its own labels (a popover's dismiss button, sort
 * announcements) — for the components below: the app's language unless `locale` says otherwise (a test). Mounted by
 * the signed-in shell rather than at the root: every react-aria component lives on signed-in pages, and the guest
 * pages' first load has no use for its i18n provider.
 */
export function AriaLocale({ locale, children }: { locale?: string; children: ReactNode }) {
  const language = useUnit($locale)
  return <I18nProvider locale={locale ?? (language === 'en' ? 'en-US' : 'ru-RU')}>{children}</I18nProvider>
}
