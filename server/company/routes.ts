import type { FastifyInstance } from 'fastify'
import { ROLE, type CompanySummary } from '../../core/auth/profile'
import { currentUser } from '../auth/require-user'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import { ownCompany } from './queries'

/** GET company: the client's own company (SPEC §6 lands role 10 by its inn/ogrn); null for other roles. */
export function companyRoutes(app: FastifyInstance, deps: ServerDeps): void {
  app.get('/company', { preHandler: app.requireUser() }, async request => {
    const { user } = currentUser(request)
    if (user.role !== ROLE.client) return ok<CompanySummary | null>(null)
    const company = await ownCompany(deps.db, user.id)
    return ok<CompanySummary | null>(
      company ? { id: company.id, inn: company.inn, ogrn: company.ogrn, short_name: company.short_name, full_name: company.full_name } : null,
    )
  })
}
