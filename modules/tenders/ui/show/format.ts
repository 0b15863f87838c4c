import { useT } from '../../../../core/i18n/useT'
import { TENDER_HISTORY_TYPE, type CallEndedValue, type TenderHistoryEvent } from '../../contract'
import { phoneText } from '../format'

const HISTORY_KEY: Record<number, string> = Object.fromEntries(Object.entries(TENDER_HISTORY_TYPE).map(([name, type]) => [type, name]))

function callEnded(value: string): CallEndedValue | null {
  try {
    const parsed = JSON.parse(value) as Partial<CallEndedValue>
    return typeof parsed?.outcome === 'number' ? { outcome: parsed.outcome, comment: parsed.comment ?? null, phone: String(parsed.phone ?? '') } : null
  } catch {
    return null
  }
}

/** A history entry as the timeline says it: what happened (every type's label) and its detail. */
export function useHistoryText() {
  const t = useT('tenders')
  return (event: TenderHistoryEvent): { what: string; detail: string | null } => {
    const name = HISTORY_KEY[event.type]
    const what = name ? t(`show.history.types.${name}`) : t('show.history.unknown', { type: event.type })
    if (event.type === TENDER_HISTORY_TYPE.call) return { what, detail: phoneText(event.value) }
    if (event.type === TENDER_HISTORY_TYPE.callEnded) {
      const end = callEnded(event.value)
      if (!end) return { what, detail: event.value || null }
      const outcome = t(`show.outcomes.${end.outcome}`, { defaultValue: String(end.outcome) })
      return { what, detail: [outcome, end.phone && phoneText(end.phone), end.comment].filter(Boolean).join(' · ') }
    }
    return { what, detail: event.value || null }
  }
}
