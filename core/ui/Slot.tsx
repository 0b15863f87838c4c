import { useUnit } from 'effector-react'
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import { $profile } from '../auth/model'
import type { LazyComponent, WidgetSlot, WidgetSlots } from '../plugin/types'
import { useRuntime } from '../react/runtime'

type AnyLoader = LazyComponent<object>
const lazies = new WeakMap<AnyLoader, LazyExoticComponent<ComponentType<object>>>()
/** One lazy component per chunk loader (the registry keeps each loader), so a re-render does not suspend again. */
function lazyOf<P extends object>(load: LazyComponent<P>): ComponentType<P> {
  const key = load as unknown as AnyLoader
  let component = lazies.get(key)
  if (!component) lazies.set(key, (component = lazy(key)))
  return component as unknown as ComponentType<P>
}

export interface SlotProps<S extends WidgetSlot> {
  slot: S
  /** What every widget of the slot is given. */
  props: WidgetSlots[S]
  /** While a widget's chunk (and its module's texts) arrive. */
  fallback?: ReactNode
  /** When no installed module fills the slot for this user. */
  empty?: ReactNode
}

/**
 * Renders what other modules contribute to a slot a module opens in its own screen (the company card's bids tab):
 * each visible widget, lazily, with the slot's props. A chunk that fails to load throws to the page's boundary.
 */
export function Slot<S extends WidgetSlot>({ slot, props, fallback = null, empty = null }: SlotProps<S>) {
  const { registry } = useRuntime()
  const profile = useUnit($profile)
  const widgets = registry.widgetsFor(slot, profile)
  if (widgets.length === 0) return <>{empty}</>
  return (
    <>
      {widgets.map((widget, i) => {
        const Widget = lazyOf(widget.component as LazyComponent<WidgetSlots[S] & object>)
        return (
          <Suspense key={`${slot}-${i}`} fallback={fallback}>
            <Widget {...(props as WidgetSlots[S] & object)} />
          </Suspense>
        )
      })}
    </>
  )
}
