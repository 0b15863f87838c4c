import { combine, createStore } from 'effector'
import { onBus } from '../../core/events/effector'

/** Something still missing: its name, the cabinet page where it is filled in, and the field there (null: the page or tab). */
export interface CompletenessMissing {
  label: string
  to: string
  field: string | null
}

export interface CompletenessItem {
  key: string
  title: string
  percent: number
  /** Empty when the section is complete (or the server does not know the details). */
  missing: CompletenessMissing[]
}

declare module '../../core/events/map' {
  interface EventMap {
    'completeness/loaded': { items: CompletenessItem[] }
  }
}
declare module '../../core/bus/commands' {
  interface CommandMap {
    /** Reloads v1/statistics/client-fullness; modules dispatch it after saving what it counts. */
    'completeness/refresh': Record<string, never>
  }
}

export const $completenessItems = createStore<CompletenessItem[]>([])
  .on(onBus('completeness/loaded'), (_, { items }) => items)
  .reset(onBus('auth/loggedOut'))

/** SPEC §3: the header shows the average of the items; 100 means complete. */
export const $completeness = combine($completenessItems, items =>
  items.length === 0 ? null : Math.round(items.reduce((sum, item) => sum + item.percent, 0) / items.length),
)
