import type { FastifyRequest } from 'fastify'
import { socketAction } from '../../../core/socket/actions'
import '../socket'
import type { ServerDeps } from '../../../server/deps'
import { ApiError } from '../../../server/http/errors'
import { pickLang, lookup, type Lang } from '../../../server/http/i18n'

/** A module message (`clients:server.<key>`) as an ApiError. */
export const clientsError = (status: number, key: string, params?: Record<string, string | number>) =>
  new ApiError(status, `clients:server.${key}`, params ? { params } : {})

export function langOf(request: FastifyRequest): Lang {
  return pickLang(request.headers['accept-language'])
}

/** A text of the module's pack in the request's language (export headers, labels). */
export function text(lang: Lang, key: string): string {
  return lookup(lang, `clients:${key}`) ?? key
}

/**
 * After a change to a client's company data: their header completeness bar reloads at once (SPEC §2; the
 * socket's type 2 `updateClientProgress`). Ephemeral (relay, no replay); a push failure never fails the save.
 */
export async function pushProgress(deps: ServerDeps, ownerUserId: number | null | undefined): Promise<void> {
  if (!ownerUserId) return
  try {
    await deps.hub.relay([ownerUserId], socketAction('updateClientProgress', {}))
  } catch {
    // The bar catches up on the next page load.
  }
}

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null)
