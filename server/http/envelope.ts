import type { Failure, Success } from '../../core/api/envelope'
import type { FastifyRequest } from 'fastify'
import { ApiError } from './errors'
import { lookup, pickLang, t, translateFieldMessage, type ServerKey } from './i18n'

export function ok<T>(data: T): Success<T> {
  return { result: true, data }
}

/** An ApiError as the body the client reads, in the request's language. */
export function failureBody(request: FastifyRequest, error: ApiError): Failure {
  const lang = pickLang(request.headers['accept-language'])
  const key = error.messageKey
  const message = key.includes(':') ? (lookup(lang, key, error.params) ?? t(lang, 'server:badRequest')) : t(lang, `server:${key as ServerKey}`, error.params)
  const body: Failure = { result: false, message }
  if (error.validation) {
    body.validation = Object.fromEntries(Object.entries(error.validation).map(([field, key]) => [field, translateFieldMessage(lang, key, error.params)]))
  }
  if (error.code !== undefined) body.code = error.code
  if (error.allowed) body.allowed = [...error.allowed]
  return body
}
