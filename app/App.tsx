import { lazy, Suspense } from 'react'
import { RuntimeProvider } from '../core/react/runtime'
import type { Runtime } from '../core/runtime'
import { UiProvider } from '../core/ui/UiProvider'
import { AppRoutes } from './routing/AppRoutes'
import { Toasts } from './shell/Toasts'

// The title follows a moment after the first paint: its code stays out of /login's first load.
const DocumentTitle = lazy(() => import('./shell/DocumentTitle'))

function Themed() {
  return (
    <UiProvider>
      <AppRoutes />
      <Toasts />
      <Suspense fallback={null}>
        <DocumentTitle />
      </Suspense>
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
