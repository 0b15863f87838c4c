import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { inputErrorOfDatabase } from './database-errors'
import { ApiError } from './errors'
import { failureBody } from './envelope'
import type { ServerKey } from './i18n'

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large, …) mapped to our messages. */
function keyForStatus(status: number): ServerKey {
  if (status === 401) return 'sessionExpired'
  if (status === 403) return 'forbidden'
  if (status === 404) return 'notFound'
  if (status === 413) return 'payloadTooLarge'
  if (status === 429) return 'tooManyRequests'
  return 'badRequest'
}

/**
 * Every failure leaves as an envelope. Client mistakes keep their 4xx status; anything else is a 500
 * whose body says nothing about the cause (the log has it), never a stack.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))))
      return reply.status(error.status).send(failureBody(request, error))
    }
    const refused = inputErrorOfDatabase(error)
    if (refused) {
      request.log.info({ err: error }, 'database refused the input')
      return reply.status(refused.status).send(failureBody(request, refused))
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) request.log.error({ err: error }, 'unhandled error')
    else request.log.info({ code: error.code, message: error.message }, 'client error')
    return reply.status(status).send(failureBody(request, new ApiError(status, status === 500 ? 'internal' : keyForStatus(status))))
  })
}

/**
 * Errors Fastify raises before any route runs (`frameworkErrors`): a path parameter past the router's length limit
 * names nothing that exists (404), a malformed URL component is a bad request (400) — both as the envelope, not
 * Fastify's own body.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const apiError = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? new ApiError(404, 'notFound') : new ApiError(400, keyForStatus(400))
  request.log.info({ code: error.code }, 'framework refused the request')
  void reply.status(apiError.status).send(failureBody(request, apiError))
}
