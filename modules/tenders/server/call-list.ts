import type { FastifyInstance } from 'fastify'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { ok } from '../../../server/http/envelope'
import { parseQuery } from '../../../server/http/validate'
import type { CallCenterService } from '../../callcenter/server'
import { canSeeTenders } from '../access'
import { callListFilter, callListQuery, decodeCursor, encodeCursor, type CallListPage } from '../call-list/contract'
import { exportCallList } from './call-list-export'
import { tenderCallsQuery, withTenders } from './call-rows'

/** GET v1/tenders-call-list (keyset paging, newest first) and its XLSX export with the same filters. */
export function callListRoutes(app: FastifyInstance, db: Db, callCenter: CallCenterService): void {
  const guard = { preHandler: app.requireUser(canSeeTenders) }

  app.get('/tenders-call-list', guard, async request => {
    const { cursor, limit, ...filter } = parseQuery(callListQuery, request.query)
    const base = tenderCallsQuery(currentActor(request), filter)
    // One row more than asked says whether a next page exists.
    const { calls, similar } = await callCenter.callsOn({ ...base, after: cursor ? decodeCursor(cursor) : null, limit: limit + 1 })
    const page = calls.slice(0, limit)
    const last = page.at(-1)
    return ok<CallListPage>({
      items: await withTenders(db, page),
      next_cursor: calls.length > limit && last ? encodeCursor(last.created_at, last.id) : null,
      employees: await callCenter.callersOn(base),
      ...(similar && { similar }),
    })
  })

  app.get('/tenders-call-list/export', guard, async (request, reply) => {
    const filter = parseQuery(callListFilter, request.query)
    return exportCallList(request, reply, db, callCenter, tenderCallsQuery(currentActor(request), filter))
  })
}
