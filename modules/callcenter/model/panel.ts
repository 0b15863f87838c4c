import type { CallSession, SoftphoneState } from './state'

/**
 * The panel's state in SPEC §4's words: ready, input (a number is typed), connecting, dialing, start (the call is
 * on, the timer runs), end (the finish dialog); plus incoming and unavailable (not registered).
 */
export type PanelState = 'unavailable' | 'ready' | 'input' | 'connecting' | 'dialing' | 'incoming' | 'start' | 'end'

/** The visible call (a `closing` one is already finished). */
export const visibleSession = (s: SoftphoneState): CallSession | null => (s.session && s.session.phase !== 'closing' ? s.session : null)

export function panelState(s: SoftphoneState): PanelState {
  const session = visibleSession(s)
  if (session) {
    switch (session.phase) {
      case 'incoming':
        return 'incoming'
      case 'creating':
      case 'connecting':
      case 'answering':
        return 'connecting'
      case 'dialing':
        return 'dialing'
      case 'established':
        return 'start'
      default:
        return 'end'
    }
  }
  if (s.registration !== 'registered') return 'unavailable'
  return s.number.replace(/\D/g, '') ? 'input' : 'ready'
}

/** The phone's first registration is under way (no alert yet): a click-to-call now waits for it. */
export const isRegistering = (s: SoftphoneState): boolean => s.registration === 'connecting' && s.credentials !== null && s.alert === null

/** `mm:ss` (hours roll into minutes). */
export function formatTimer(seconds: number): string {
  const m = Math.floor(seconds / 60)
  const sec = seconds % 60
  return `${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`
}
