import { useUnit } from 'effector-react'
import { $locale } from '../core/i18n/model'
import { RuntimeProvider } from '../core/react/runtime'
import type { Runtime } from '../core/runtime'
import { UiProvider } from '../core/ui/UiProvider'
import { AppRoutes } from './routing/AppRoutes'
import { DocumentTitle } from './shell/DocumentTitle'
import { Toasts } from './shell/Toasts'

function Themed() {
  const locale = useUnit($locale)
  return (
    <UiProvider locale={locale === 'en' ? 'en-US' : 'ru-RU'}>
      <AppRoutes />
      <Toasts />
      <DocumentTitle />
    </UiProvider>
  )
}

export function App({ runtime }: { runtime: Runtime }) {
  return (
    <RuntimeProvider runtime={runtime}>
      <Themed />
    </RuntimeProvider>
  )
}
