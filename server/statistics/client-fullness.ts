import { getTableColumns } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { roles } from '../../core/access/rules'
import { ROLE } from '../../core/auth/profile'
import { currentUser } from '../auth/require-user'
import { ownCompany, type CompanyRow } from '../company/queries'
import { companies } from '../db/schema'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import type { FullnessMissing } from '../extensions'
import { lookup, pickLang, t, type ServerKey } from '../http/i18n'

/** SPEC §3 profile completeness item; the header averages the percents (100 = complete). */
export interface FullnessItem {
  key: FullnessKey
  title: string
  percent: number
  /** What is missing for 100, with where to fill it in (label translated); empty when complete or unknown. */
  missing: { label: string; to: string; field: string | null }[]
}

export const FULLNESS_KEYS = ['clientCompany', 'officials', 'founders', 'bankAccounts', 'financials', 'documents'] as const
export type FullnessKey = (typeof FULLNESS_KEYS)[number]

/**
 * Columns that are bookkeeping, not something the client fills in (search_name: the database's copy of the short
 * name; agent_office_id: the agent's office, kept by a trigger).
 */
const NOT_FILLABLE = new Set(['id', 'owner_user_id', 'agent_user_id', 'agent_office_id', 'created_at', 'search_name'])

/** Derived from the table itself, so the companies issue's new columns count without touching this file. */
const FILLABLE_COLUMNS = Object.keys(getTableColumns(companies)).filter(name => !NOT_FILLABLE.has(name)) as (keyof CompanyRow)[]

export function companyPercent(company: CompanyRow | undefined): number {
  if (!company || FILLABLE_COLUMNS.length === 0) return 0
  const filled = FILLABLE_COLUMNS.filter(column => {
    const value = company[column]
    return value !== null && value !== undefined && String(value).trim() !== ''
  }).length
  return Math.round((filled / FILLABLE_COLUMNS.length) * 100)
}

const titleKey = (key: FullnessKey): ServerKey => `fullness${key[0]?.toUpperCase()}${key.slice(1)}` as ServerKey

/**
 * GET statistics/client-fullness (role 10). The core counts its own company columns; modules that keep the
 * rest of the client's data (officials, founders, bank accounts, financials, documents) contribute their
 * percents through `app.extensions.fullness` (a later contributor wins for a key).
 */
export function clientFullnessRoute(app: FastifyInstance, deps: ServerDeps): void {
  app.get('/statistics/client-fullness', { preHandler: app.requireUser(roles(ROLE.client)) }, async request => {
    const lang = pickLang(request.headers['accept-language'])
    const auth = currentUser(request)
    const company = await ownCompany(deps.db, auth.user.id)
    const percents: Record<FullnessKey, number> = {
      clientCompany: companyPercent(company),
      officials: 0,
      founders: 0,
      bankAccounts: 0,
      financials: 0,
      documents: 0,
    }
    const missing: Partial<Record<FullnessKey, FullnessMissing[]>> = {}
    for (const contribute of app.extensions.fullness) {
      const more = await contribute({ db: deps.db, auth, company })
      for (const key of FULLNESS_KEYS) {
        const value = more[key]
        if (value === undefined) continue
        const percent = typeof value === 'number' ? value : value.percent
        percents[key] = Math.max(0, Math.min(100, Math.round(percent)))
        missing[key] = typeof value === 'number' ? [] : value.missing
      }
    }
    return ok<FullnessItem[]>(
      FULLNESS_KEYS.map(key => ({
        key,
        title: t(lang, `server:${titleKey(key)}`),
        percent: percents[key],
        missing: percents[key] >= 100 ? [] : (missing[key] ?? []).map(m => ({ ...m, label: lookup(lang, m.label) ?? m.label })),
      })),
    )
  })
}
