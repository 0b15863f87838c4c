import { useUnit } from 'effector-react'
import { Suspense } from 'react'
import { $profile } from '../../core/auth/model'
import { useRuntime } from '../../core/react/runtime'
import { chunkFailureOf } from '../routing/chunks'
import { lazyPage } from '../routing/lazyPage'
import { PageBoundary } from '../routing/PageBoundary'
import { reloadApp } from '../routing/PageError'
import { WidgetError } from './WidgetError'

/**
 * Renders what modules contribute to a named slot (the bell, the call panel). A widget whose chunk did not arrive
 * shows a small warning with a reload (default: the browser's full reload) and a retry; one that broke otherwise
 * renders nothing.
 */
/** The shell's own slots (their widgets take no props). */
type Slot = 'header' | 'floating' | 'userMenu'

export function WidgetSlot({ slot, reload = reloadApp }: { slot: Slot; reload?: () => void }) {
  const { registry, bus } = useRuntime()
  const profile = useUnit($profile)
  return (
    <>
      {registry.widgetsFor(slot, profile).map((widget, i) => {
        const Widget = lazyPage(widget.component, bus)
        const fallback = (retry: () => void, error: unknown) => {
          const kind = chunkFailureOf(error)
          return kind ? <WidgetError slot={slot} kind={kind} onRetry={retry} onReload={reload} /> : null
        }
        return (
          <PageBoundary key={`${slot}-${i}`} resetKey={slot} fallback={fallback}>
            <Suspense fallback={null}>
              <Widget />
            </Suspense>
          </PageBoundary>
        )
      })}
    </>
  )
}
