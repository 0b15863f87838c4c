import type { Bus } from '../bus/bus'
import type { EventSource, ToastKind } from '../events/map'

/** SPEC §9: 2 s by default, 4 s for "employee edited", 5 s for the "mass number" warning. */
export const TOAST_TIMEOUT = {
  default: 2000,
  employeeEdited: 4000,
  massNumber: 5000,
} as const

/**
 * The toast catalogue of SPEC §8 as kind + timeout; the words are the module's (its i18n namespace):
 *   ctx.toast({ ...TOAST_PRESET.employeeEdited, text: t('callcenter:toast.employeeEdited') })
 */
export const TOAST_PRESET = {
  financialsUpdated: { kind: 'success', timeout: TOAST_TIMEOUT.default },
  bidUpdated: { kind: 'success', timeout: TOAST_TIMEOUT.default },
  companyUpdated: { kind: 'success', timeout: TOAST_TIMEOUT.default },
  employeeAdded: { kind: 'success', timeout: TOAST_TIMEOUT.default },
  employeeEdited: { kind: 'success', timeout: TOAST_TIMEOUT.employeeEdited },
  contactAdded: { kind: 'success', timeout: TOAST_TIMEOUT.default },
  favouriteOn: { kind: 'success', timeout: TOAST_TIMEOUT.default },
  favouriteOff: { kind: 'success', timeout: TOAST_TIMEOUT.default },
  taskCreated: { kind: 'success', timeout: TOAST_TIMEOUT.default },
  taskUpdated: { kind: 'success', timeout: TOAST_TIMEOUT.default },
  contactAddError: { kind: 'error', timeout: TOAST_TIMEOUT.default },
  favouriteError: { kind: 'error', timeout: TOAST_TIMEOUT.default },
  massNumber: { kind: 'warning', timeout: TOAST_TIMEOUT.massNumber },
  apiError: { kind: 'error', timeout: TOAST_TIMEOUT.default },
  systemNotification: { kind: 'info', timeout: TOAST_TIMEOUT.default },
} as const satisfies Record<string, { kind: ToastKind; timeout: number }>
export type ToastPresetName = keyof typeof TOAST_PRESET

export interface ToastInput {
  kind: ToastKind
  /** Display-ready text (translate before showing; server messages already are). */
  text: string
  /** ms until it dismisses itself; 0 or less keeps it until closed. Default 2000. */
  timeout?: number
  title?: string
  layout?: string
}

const counters = new WeakMap<Bus, number>()

/**
 * Emits `toast/shown`; the toast process dismisses it after its timeout on the clock. Ids are `<source>-<n>`
 * per bus: a replay re-derives only `process`/`timer` toasts, so they never collide with recorded ones.
 */
export function showToast(bus: Bus, input: ToastInput, source: EventSource): string {
  const n = (counters.get(bus) ?? 0) + 1
  counters.set(bus, n)
  const id = `${source}-${n}`
  bus.emit(
    'toast/shown',
    {
      id,
      kind: input.kind,
      text: input.text,
      timeout: input.timeout ?? TOAST_TIMEOUT.default,
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.layout !== undefined ? { layout: input.layout } : {}),
    },
    source,
  )
  return id
}
