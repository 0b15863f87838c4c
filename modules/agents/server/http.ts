import type { FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { issuesToValidationMap } from '../../../core/validation'
import { ApiError, invalidInput, notFound } from '../../../server/http/errors'

/** A path id: positive digits, else the record cannot exist (404, never a 500 from the database). */
export function idParam(request: FastifyRequest, name = 'id'): number {
  const raw = (request.params as Record<string, string | undefined>)[name] ?? ''
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0
  if (id <= 0) throw notFound()
  return id
}

/** Query-string filters through a contract schema; a bad filter is a 422 like a bad body. */
export function parseQuery<S extends v.GenericSchema>(schema: S, query: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, query ?? {})
  if (!result.success) throw invalidInput(issuesToValidationMap(result.issues))
  return result.output
}

/** A message of the module's pack (`agents:server.<key>`) as an ApiError. */
export const agentsError = (status: number, key: string, options: { code?: number } = {}) => new ApiError(status, `agents:server.${key}`, options)
