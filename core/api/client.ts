import type { KyInstance, Options } from 'ky'
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
  /** Extra request headers (an `Idempotency-Key`); the session's headers always win. */
  headers?: Record<string, string>
}

export interface UploadOptions extends Omit<RequestOptions, 'searchParams'> {
  /** Bytes sent so far and in all, as the browser reports them (no progress where there is no XMLHttpRequest). */
  onProgress?(loaded: number, total: number): void
  /** The multipart part's name (default `file`). */
  field?: string
}

/** A file the server sent: its bytes and the name from `Content-Disposition`. */
export interface Download {
  blob: Blob
  name: string | null
}

/**
 * The one way the app talks HTTP. Resolves with the envelope's `data`; rejects with a `Failure`
 * (the body itself for a failed envelope, SPEC §8). Every request carries the session's token and language.
 */
export interface Api {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>
  /** A FormData body is sent as multipart; anything else as JSON. */
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  /** POST one file as multipart, reporting upload progress; resolves with the envelope's data. */
  upload<T = unknown>(path: string, file: Blob, name: string, options?: UploadOptions): Promise<T>
  /** GET a file body (an export, a document); a JSON envelope in its place is the failure it carries. */
  download(path: string, options?: RequestOptions): Promise<Download>
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

/** Fetches the HTTP library's chunk now: a stored session asks for its profile at once (app/main.tsx). */
export const preloadHttp = () => import('ky').then(m => m.default)

/** A request's options with the session token it went out with. */
interface Sent extends RequestOptions {
  token: string | null
}

export function createApi(deps: ApiDeps): Api {
  const translate = deps.translate ?? (key => FALLBACK_TEXT[key])
  const base = deps.base ?? '/api/'
  // ky arrives with the first request (or earlier: `preloadHttp`), so /login's first load goes without it.
  let kyClient: Promise<KyInstance> | null = null
  const client = (path: string, init: Options): Promise<Response> => {
    kyClient ??= preloadHttp().then(ky =>
      ky.create({
        prefixUrl: base,
        retry: 0,
        timeout: deps.timeout ?? 60_000,
        throwHttpErrors: false,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      }),
    )
    // A failed chunk fetch is a network failure of this request; the next one fetches it again.
    return kyClient.then(
      ky => ky(path, init),
      (error: unknown) => {
        kyClient = null
        throw error
      },
    )
  }

  const fail = (path: string, failure: Failure, status: number | null, sent: Sent, toastText: string | null): never => {
    deps.bus.emit('api/failed', { path, failure, status }, 'api')
    // A session that ended after the browser moved to another one (an administrator back from an agent's cabinet):
    // its late answers speak of a session nobody uses any more, so they neither toast nor send anyone to /login.
    const stale = failure.code === SESSION_EXPIRED_CODE && sent.token !== deps.getToken()
    if (!sent.quiet && toastText && !stale) showToast(deps.bus, { ...TOAST_PRESET.apiError, text: toastText }, 'api')
    if (failure.code === SESSION_EXPIRED_CODE && !stale && sent.sessionRedirect !== false && !deps.isOnLoginPage()) {
      deps.bus.emit('app/navigationRequested', { to: '/login', replace: true }, 'api')
    }
    throw failure
  }

  // The token is read when a request starts, synchronously: a caller may drop it right after (logout, a switch).
  const stamp = <O extends RequestOptions>(options: O): O & Sent => ({ ...options, token: deps.getToken() })
  const headersOf = (sent: Sent): Record<string, string> => {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': deps.getLocale() }
    if (sent.token) headers.Authorization = `Bearer ${sent.token}`
    return headers
  }

  async function send<T>(method: 'get' | 'post', rawPath: string, body: unknown, options: RequestOptions | Sent = {}): Promise<T> {
    const path = rawPath.replace(/^\/+/, '')
    const sent = 'token' in options ? options : stamp(options)
    const init: Options = { method, headers: { ...options.headers, ...headersOf(sent) } }
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
      const failure: Failure = { result: false, message: translate('core:api.networkError'), network: true }
      return fail(path, failure, null, sent, failure.message ?? null)
    }

    const parsed = parseJson(text)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      const envelope = parsed as { result?: unknown; data?: unknown }
      if (envelope.result) return envelope.data as T
      // Any JSON object without a truthy result is a failure; the promise rejects with the body itself.
      const failure = parsed as Failure
      return fail(path, failure, response.status, sent, failureText(failure))
    }
    if (!response.ok) {
      // An HTTP error whose body is not an envelope (a proxy's 502 page, a crash): show the body as it came.
      const shown = text.trim().slice(0, MAX_TOAST_BODY) || translate('core:api.httpError', { status: response.status })
      return fail(path, { result: false, message: shown }, response.status, sent, shown)
    }
    const failure: Failure = { result: false, message: translate('core:api.badResponse') }
    return fail(path, failure, response.status, sent, failure.message ?? null)
  }

  /** An answer body that is not a file: the failure its envelope carries, or the HTTP status. */
  const failOnText = (path: string, text: string, status: number, sent: Sent): never => {
    const parsed = parseJson(text)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && !(parsed as { result?: unknown }).result) {
      return fail(path, parsed as Failure, status, sent, failureText(parsed as Failure))
    }
    const message = translate('core:api.httpError', { status })
    return fail(path, { result: false, message }, status, sent, message)
  }

  function upload<T>(rawPath: string, file: Blob, name: string, options: UploadOptions = {}): Promise<T> {
    const path = rawPath.replace(/^\/+/, '')
    const body = new FormData()
    body.append(options.field ?? 'file', file, name)
    // Without XMLHttpRequest (Node, a replay's fetch) the file goes as a plain multipart POST, without progress.
    const sent = stamp(options)
    if (typeof XMLHttpRequest === 'undefined') return send<T>('post', path, body, sent)
    const headers = headersOf(sent)
    return new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open('POST', `${base}${path}`)
      for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value)
      xhr.upload.onprogress = e => options.onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size)
      xhr.onload = () => {
        const parsed = parseJson(xhr.responseText) as { result?: unknown; data?: unknown } | undefined
        if (parsed && typeof parsed === 'object' && parsed.result) return resolve(parsed.data as T)
        try {
          failOnText(path, xhr.responseText, xhr.status, sent)
        } catch (failure) {
          reject(failure)
        }
      }
      xhr.onerror = () => {
        try {
          const message = translate('core:api.networkError')
          fail(path, { result: false, message }, null, sent, message)
        } catch (failure) {
          reject(failure)
        }
      }
      xhr.onabort = () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
      xhr.send(body)
    })
  }

  async function download(rawPath: string, options: RequestOptions = {}): Promise<Download> {
    const path = rawPath.replace(/^\/+/, '')
    const sent = stamp(options)
    const init: Options = { method: 'get', headers: { ...headersOf(sent), Accept: '*/*' } }
    if (options.searchParams) init.searchParams = options.searchParams
    if (options.signal) init.signal = options.signal
    let response: Response
    try {
      response = await client(path, init)
    } catch (error) {
      if (isAbort(error)) throw error
      const message = translate('core:api.networkError')
      return fail(path, { result: false, message }, null, sent, message)
    }
    const type = response.headers.get('content-type') ?? ''
    if (!response.ok || type.includes('application/json')) return failOnText(path, await response.text(), response.status, sent)
    return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition')) }
  }

  return {
    get: (path, options) => send('get', path, undefined, options),
    post: (path, body, options) => send('post', path, body, options),
    upload,
    download,
  }
}

/** `attachment; filename="a.xlsx"; filename*=UTF-8''%D0%B0.xlsx` → the decoded name. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''))
    } catch {
      // fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)
  return plain?.[1]?.trim() ?? null
}
