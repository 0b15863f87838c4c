import type { FastifyInstance } from 'fastify'
import { CONTROL_CHARS_MESSAGE, hasControlInLine } from '../../../core/validation/control'
import { invalidInput } from '../../../server/http/errors'
import { canSearchOrganizations } from '../access'
import { ok } from '../../../server/http/envelope'
import type { CompanySearchItem } from '../contract'
import type { ClientsContext } from './context'
import { clientsError } from './http'
import { SEARCH_LIMIT } from './registry'

/** SPEC §7 company search for the company form: whoever edits companies (clients, agents, administrators). */
export function searchRoutes(app: FastifyInstance, ctx: ClientsContext): void {
  app.get(
    '/autocomplete/organization-search-kz/:query',
    { preHandler: app.requireUser(canSearchOrganizations) },
    async request => {
      const query = String((request.params as { query?: string }).query ?? '').slice(0, 100)
      // A control character is no organisation's name; refused here, before the registry (whose failure is a 502).
      if (hasControlInLine(query)) throw invalidInput({ query: CONTROL_CHARS_MESSAGE })
      const abort = new AbortController()
      request.raw.once('close', () => abort.abort())
      try {
        return ok<CompanySearchItem[]>(await ctx.registry.search(query, SEARCH_LIMIT, abort.signal))
      } catch (error) {
        request.log.warn({ err: error }, 'organisation registry failed')
        throw clientsError(502, 'registryUnavailable')
      }
    },
  )
}
