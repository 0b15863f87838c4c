import ky, { type Options } from 'ky'
import type { Bus } from '../bus/bus'
import { showToast, TOAST_PRESET } from '../toast/toast'
import { SESSION_EXPIRED_CODE, type Failure } from './envelope'

export interface RequestOptions {
  /** No toast: the caller shows the failure itself (forms, feedback). `api/failed` is still emitted. */
  quiet?: boolean
  /** `false`: a 6969 answer does not send the user to /login (the caller decides, e.g. the profile load). */
  sessionRedirect?: boolean
  searchParams?: Record<string, string | number | boolean>
  /** An aborted request rejects with the AbortError itself: no toast, no event (a newer request replaced it). */
  signal?: AbortSignal
}

/**
 * The one way the app talks HTTP. Resolves with the envelope's `data`; rejects with a `Failure`
 * (the body itself for a failed envelope, SPEC §8).
 */
export interface Api {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>
  /** A FormData body is sent as multipart; anything else as JSON. */
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
}

export interface ApiDeps {
  /** Prefix of every path; default `/api/`. Paths are relative: `v1/profile`. */
  base?: string
  getToken(): string | null
  getLocale(): string
  bus: Bus
  /** A 6969 answer sends the user to /login unless they are already there. */
  isOnLoginPage(): boolean
  /** For the client's own texts (`core:api.*`); default: the key's English fallback. */
  translate?: (key: 'core:api.networkError' | 'core:api.badResponse' | 'core:api.httpError', params?: Record<string, unknown>) => string
  fetch?: typeof globalThis.fetch
  /** Request timeout in ms (default 60 000). */
  timeout?: number
}

const FALLBACK_TEXT = {
  'core:api.networkError': 'No connection to the server',
  'core:api.badResponse': 'Unexpected answer from the server',
  'core:api.httpError': 'Server error',
} as const

/** SPEC §8 toast text: one `field:message` line per field when a validation map exists, else the message. */
export function failureText(failure: Failure): string | null {
  const lines = Object.entries(failure.validation ?? {}).map(([field, message]) => `${field}:${message}`)
  if (lines.length > 0) return lines.join('\n')
  return failure.message ? failure.message : null
}

/** Anything a promise rejected with → a Failure (what the API client rejects with passes through). */
export function asFailure(error: unknown): Failure {
  if (typeof error === 'object' && error !== null && 'result' in error && !(error as { result: unknown }).result) return error as Failure
  if (error instanceof Error) return { result: false, message: error.message }
  return { result: false, message: String(error) }
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError'
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const MAX_TOAST_BODY = 500

export function createApi(deps: ApiDeps): Api {
  const translate = deps.translate ?? (key => FALLBACK_TEXT[key])
  const client = ky.create({
    prefixUrl: deps.base ?? '/api/',
    retry: 0,
    timeout: deps.timeout ?? 60_000,
    throwHttpErrors: false,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  })

  const fail = (path: string, failure: Failure, status: number | null, options: RequestOptions, toastText: string | null): never => {
    deps.bus.emit('api/failed', { path, failure, status }, 'api')
    if (!options.quiet && toastText) showToast(deps.bus, { ...TOAST_PRESET.apiError, text: toastText }, 'api')
    if (failure.code === SESSION_EXPIRED_CODE && options.sessionRedirect !== false && !deps.isOnLoginPage()) {
      deps.bus.emit('app/navigationRequested', { to: '/login', replace: true }, 'api')
    }
    throw failure
  }

  async function send<T>(method: 'get' | 'post', rawPath: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const path = rawPath.replace(/^\/+/, '')
    // Headers are read now, synchronously: a caller may drop the token right after starting a request (logout).
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': deps.getLocale() }
    const token = deps.getToken()
    if (token) headers.Authorization = `Bearer ${token}`
    const init: Options = { method, headers }
    if (options.searchParams) init.searchParams = options.searchParams
    if (options.signal) init.signal = options.signal
    if (body instanceof FormData) init.body = body
    else if (body !== undefined) init.json = body

    let response: Response
    let text: string
    try {
      response = await client(path, init)
      text = await response.text()
    } catch (error) {
      if (isAbort(error)) throw error
      const failure: Failure = { result: false, message: translate('core:api.networkError') }
      return fail(path, failure, null, options, failure.message ?? null)
    }

    const parsed = parseJson(text)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      const envelope = parsed as { result?: unknown; data?: unknown }
      if (envelope.result) return envelope.data as T
      // Any JSON object without a truthy result is a failure; the promise rejects with the body itself.
      const failure = parsed as Failure
      return fail(path, failure, response.status, options, failureText(failure))
    }
    if (!response.ok) {
      // An HTTP error whose body is not an envelope (a proxy's 502 page, a crash): show the body as it came.
      const shown = text.trim().slice(0, MAX_TOAST_BODY) || translate('core:api.httpError', { status: response.status })
      return fail(path, { result: false, message: shown }, response.status, options, shown)
    }
    const failure: Failure = { result: false, message: translate('core:api.badResponse') }
    return fail(path, failure, response.status, options, failure.message ?? null)
  }

  return {
    get: (path, options) => send('get', path, undefined, options),
    post: (path, body, options) => send('post', path, body, options),
  }
}
