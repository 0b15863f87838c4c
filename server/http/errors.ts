import { SESSION_EXPIRED_CODE } from '../../core/api/envelope'
import type { ServerKey } from './i18n'

/** A module's own message: `<namespace>:<dotted.key>` of modules/<namespace>/i18n/<lang>.json (see i18n.ts). */
export type ModuleMessageKey = `${string}:${string}`

/**
 * A failure the client should see as an envelope. Messages are i18n keys, translated by the error handler
 * in the request's language, so route code never deals with languages.
 */
export class ApiError extends Error {
  readonly status: number
  readonly messageKey: ServerKey | ModuleMessageKey
  /** Interpolation values of the message (`{{max}}`). */
  readonly params: Record<string, string | number> | undefined
  /** field → i18n key (`validation:required`, `server:phoneTaken`, …). */
  readonly validation: Record<string, string> | undefined
  readonly code: number | undefined
  /** A refused workflow action: what the user may do with the record instead (server/workflow). */
  readonly allowed: string[] | undefined
  /** Sent as Retry-After (429/503): when trying again may succeed. */
  readonly retryAfterSeconds: number | undefined

  constructor(
    status: number,
    messageKey: ServerKey | ModuleMessageKey,
    options: { validation?: Record<string, string>; code?: number; params?: Record<string, string | number>; allowed?: string[]; retryAfterSeconds?: number } = {},
  ) {
    super(messageKey)
    this.name = 'ApiError'
    this.status = status
    this.messageKey = messageKey
    this.params = options.params
    this.validation = options.validation
    this.code = options.code
    this.allowed = options.allowed
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

export const sessionExpired = () => new ApiError(401, 'sessionExpired', { code: SESSION_EXPIRED_CODE })
export const forbidden = () => new ApiError(403, 'forbidden')
export const notFound = () => new ApiError(404, 'notFound')
export const invalidInput = (validation: Record<string, string>, status = 422) => new ApiError(status, 'invalidInput', { validation })
