import { phoneDigits } from '../../../core/validation'
import { DEFAULT_MIN_TALK_SECONDS } from '../contract'

/** The module's own configuration, read from the environment once at start (bad values fail the start). */
export interface CallCenterSettings {
  /** IANA zone of the call center: "today" for reminder dates, reminder times, statistics days. */
  timeZone: string
  /**
   * A phone is a mass number when this many different users have already saved it as a contact
   * (call centers, banks and marketplaces share switchboard numbers), or when it is on `massNumbers`.
   */
  massNumberMinUsers: number
  /** Phones (11 digits) that are always mass numbers. */
  massNumbers: ReadonlySet<string>
  /** Default of the statistics' "longer than N seconds". */
  minTalkSeconds: number
}

type Env = Record<string, string | undefined>

/**
 * CALLCENTER_TIME_ZONE (Europe/Moscow), CALLCENTER_MASS_NUMBER_MIN_USERS (3), CALLCENTER_MASS_NUMBERS
 * (comma-separated phones in any accepted form), CALLCENTER_MIN_TALK_SECONDS (10).
 */
export function loadCallCenterSettings(env: Env = process.env): CallCenterSettings {
  const timeZone = env.CALLCENTER_TIME_ZONE || 'Europe/Moscow'
  try {
    new Intl.DateTimeFormat('en', { timeZone })
  } catch {
    throw new Error(`CALLCENTER_TIME_ZONE must be an IANA time zone like Europe/Moscow, got "${timeZone}"`)
  }
  const massNumbers = new Set<string>()
  for (const raw of (env.CALLCENTER_MASS_NUMBERS ?? '').split(',').map(s => s.trim()).filter(Boolean)) {
    const digits = phoneDigits(raw)
    if (!digits) throw new Error(`CALLCENTER_MASS_NUMBERS: "${raw}" is not a +7 phone`)
    massNumbers.add(digits)
  }
  return {
    timeZone,
    massNumberMinUsers: positiveInt(env, 'CALLCENTER_MASS_NUMBER_MIN_USERS', 3),
    massNumbers,
    minTalkSeconds: positiveInt(env, 'CALLCENTER_MIN_TALK_SECONDS', DEFAULT_MIN_TALK_SECONDS, 0),
  }
}

function positiveInt(env: Env, name: string, fallback: number, min = 1): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`)
  return value
}
