import { Subscription } from 'rxjs'
import { SESSION_EXPIRED_CODE, type Failure } from '../../core/api/envelope'
import type { Bus } from '../../core/bus/bus'
import type { Process } from '../../core/plugin/types'

/**
 * File transfers the core API client cannot do: an upload that reports its progress (ky reports upload
 * progress only over request streams, which Chromium allows on HTTP/2 alone, and core/api does not expose
 * it) and a download of a file body (XLSX export, a company document) that needs the session's token.
 * Both send `Authorization` and `Accept-Language` the way core/api does; they read them from the bus, where
 * the credentials process below keeps them as the session's events pass (the same events core/auth's
 * `$token` and core/i18n's `$locale` fold). Where there is no XMLHttpRequest (a replay in Node), uploads go
 * through `ctx.api` without progress.
 */

export const API_BASE = '/api/'

interface Credentials {
  token: string | null
  locale: string
}
const credentials = new WeakMap<Bus, Credentials>()

export function credentialsOf(bus: Bus): Credentials {
  return credentials.get(bus) ?? { token: null, locale: 'ru' }
}

/** Keeps the token and the language of the session the bus belongs to (see above). */
export const credentialsProcess: Process = ({ bus }) => {
  const set = (patch: Partial<Credentials>) => credentials.set(bus, { ...credentialsOf(bus), ...patch })
  const sub = new Subscription()
  sub.add(
    bus.on('app/started').subscribe(e => {
      if (e.payload.token) set({ token: e.payload.token })
      if (e.payload.locale) set({ locale: e.payload.locale })
    }),
  )
  sub.add(bus.on('auth/signedIn').subscribe(e => set({ token: e.payload.token })))
  sub.add(bus.on('auth/loggedOut').subscribe(() => set({ token: null })))
  sub.add(bus.on('locale/changed').subscribe(e => set({ locale: e.payload.locale })))
  return sub
}

function headers(bus: Bus): Record<string, string> {
  const { token, locale } = credentialsOf(bus)
  const h: Record<string, string> = { Accept: 'application/json', 'Accept-Language': locale }
  if (token) h.Authorization = `Bearer ${token}`
  return h
}

export const canReportProgress = (): boolean => typeof XMLHttpRequest !== 'undefined' && typeof FormData !== 'undefined'

/** A body that is the usual envelope: its data, or the failure it carries. */
function envelopeOf(text: string, status: number, fallback: string): { ok: true; data: unknown } | { ok: false; failure: Failure } {
  try {
    const parsed = JSON.parse(text) as { result?: unknown; data?: unknown }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      if (parsed.result) return { ok: true, data: parsed.data }
      return { ok: false, failure: parsed as Failure }
    }
  } catch {
    // not JSON: fall through
  }
  return { ok: false, failure: { result: false, message: status ? `${fallback} (${status})` : fallback } }
}

export interface UploadOptions {
  onProgress(loaded: number, total: number): void
  signal?: AbortSignal
  /** Text of a network failure (translated by the caller). */
  networkError: string
}

/** POST multipart `file` with upload progress; resolves with the envelope's data, rejects with a Failure. */
export function uploadWithProgress<T>(bus: Bus, path: string, file: Blob, name: string, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', API_BASE + path.replace(/^\/+/, ''))
    for (const [key, value] of Object.entries(headers(bus))) xhr.setRequestHeader(key, value)
    xhr.upload.onprogress = e => options.onProgress(e.loaded, e.lengthComputable ? e.total : file.size)
    xhr.onload = () => {
      const answer = envelopeOf(xhr.responseText, xhr.status, options.networkError)
      if (answer.ok) resolve(answer.data as T)
      else reject(answer.failure)
    }
    xhr.onerror = () => reject({ result: false, message: options.networkError } satisfies Failure)
    xhr.onabort = () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    const body = new FormData()
    body.append('file', file, name)
    xhr.send(body)
  })
}

/** GET a file body with the session's headers; a JSON envelope in its place is the failure it carries. */
export async function downloadBlob(
  bus: Bus,
  path: string,
  options: { searchParams?: Record<string, string>; networkError: string; base?: string },
): Promise<{ blob: Blob; name: string | null }> {
  const query = options.searchParams && Object.keys(options.searchParams).length > 0 ? `?${new URLSearchParams(options.searchParams)}` : ''
  let response: Response
  try {
    response = await fetch((options.base ?? API_BASE) + path.replace(/^\/+/, '') + query, { headers: { ...headers(bus), Accept: '*/*' } })
  } catch {
    throw { result: false, message: options.networkError } satisfies Failure
  }
  const type = response.headers.get('content-type') ?? ''
  if (!response.ok || type.includes('application/json')) {
    const answer = envelopeOf(await response.text(), response.status, options.networkError)
    throw answer.ok ? ({ result: false, message: options.networkError } satisfies Failure) : answer.failure
  }
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition')) }
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

/** Hands a blob to the browser as a download (the edge of a download command). */
export function saveBlob(blob: Blob, name: string): void {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

export const isSessionExpired = (failure: Failure): boolean => failure.code === SESSION_EXPIRED_CODE
