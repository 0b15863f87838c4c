import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ok } from '../../../../server/http/envelope'
import { parseBody } from '../../../../server/http/validate'
import { canLookUpBanks } from '../../access'
import type { DirectoryBank } from '../../contract'
import { bik } from '../../rules/fields'
import type { ClientsContext } from '../context'
import { findBank } from './directory'

const bikParams = v.object({ bik: bik.required })

/**
 * GET v1/banks/{bik}: the bank directory's entry for a BIK (name, correspondent account, city), or null when the
 * directory does not know it — a BIK outside the directory is still a valid BIK (its own checks decide).
 */
export function bankDirectoryRoutes(app: FastifyInstance, ctx: ClientsContext): void {
  app.get('/banks/:bik', { preHandler: app.requireUser(canLookUpBanks) }, async request => {
    const params = parseBody(bikParams, request.params)
    return ok<DirectoryBank | null>(await findBank(ctx.deps.db, params.bik))
  })
}
