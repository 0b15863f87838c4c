import { useUnit } from 'effector-react'
import { Suspense } from 'react'
import { $profile } from '../../core/auth/model'
import type { WidgetSlot as Slot } from '../../core/plugin/types'
import { useRuntime } from '../../core/react/runtime'
import { PageBoundary } from '../routing/PageBoundary'
import { lazyPage } from '../routing/lazyPage'

/** Renders what modules contribute to a named slot (the bell, the call panel); a broken widget renders nothing. */
export function WidgetSlot({ slot }: { slot: Slot }) {
  const { registry } = useRuntime()
  const profile = useUnit($profile)
  return (
    <>
      {registry.widgetsFor(slot, profile).map((widget, i) => {
        const Widget = lazyPage(widget.component as never)
        return (
          <PageBoundary key={`${slot}-${i}`} resetKey={slot} fallback={() => null}>
            <Suspense fallback={null}>
              <Widget params={{}} />
            </Suspense>
          </PageBoundary>
        )
      })}
    </>
  )
}
