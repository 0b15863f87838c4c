import type { Readable } from 'node:stream'
import fastifyMultipart from '@fastify/multipart'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { ok } from '../../../server/http/envelope'
import { ApiError, invalidInput, notFound } from '../../../server/http/errors'
import { parseQuery, pathId } from '../../../server/http/validate'
import { companyFiles, contentDisposition, fileNameFor, withinQuota, type FileStorage } from '../../clients/server'
import { canOpenBid, isBankStaff } from '../access'
import type { RequestFile } from '../contract'
import { requestFileQuery } from '../documents'
import { bidRequestFiles, bids, type RequestFileKind } from '../tables'
import { FOLLOWING_STATUSES, bankStaff, type RequestAction } from '../workflow'
import { seenRequest } from './bank-requests'
import { bidsError, megabytes, receiveUpload } from './documents'
import { requestAllowedActions } from './read'
import type { BidsContext } from './routes'
import { visibility } from './visibility'

/**
 * An offer request's files (issue 11): the bank's offer draft (makeOffer's `draft_file`) and the issued guarantee
 * (issue's `guarantee_file`). Upload: `POST v1/bids/{id}/requests/{requestId}/files?kind=draft|guarantee`, one
 * multipart part `file`, by that request's bank staff while the matching action is allowed to them; the bytes are a
 * file of the bid's company (company_files: the clients module's size limit, type check by content, quota and orphan
 * sweep), and the answer's `ref` is what the action then accepts — only for this request. Download:
 * `GET …/files/{ref}` by whoever opens the bid and sees the request (the owner's side, verifiers, admin, 1000 read-only,
 * that bank's staff; 404 outside: another bank never sees it); the bank's staff get
 * any file of their request, the others only the files the request's offer or guarantee points at.
 */

/** The action a file kind belongs to. */
const ACTION_OF: Record<RequestFileKind, RequestAction> = { draft: 'makeOffer', guarantee: 'issue' }

const toRequestFile = (row: typeof bidRequestFiles.$inferSelect): RequestFile => ({
  ref: String(row.id),
  kind: row.kind,
  name: row.name,
  mime: row.mime,
  size: row.size,
  created_at: row.created_at.toISOString(),
})

/** The file `ref` of this request and kind, or a 422 on `field` (a reference the action does not accept). */
export async function checkRequestFile(db: Db, requestId: number, kind: RequestFileKind, ref: string, field: string): Promise<string> {
  const id = /^[1-9][0-9]{0,9}$/.test(ref) ? Number(ref) : NaN
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw invalidInput({ [field]: 'bids:validation.requestFile' })
  const [row] = await db
    .select({ id: bidRequestFiles.id })
    .from(bidRequestFiles)
    .where(and(eq(bidRequestFiles.id, id), eq(bidRequestFiles.request_id, requestId), eq(bidRequestFiles.kind, kind)))
    .limit(1)
  if (!row) throw invalidInput({ [field]: 'bids:validation.requestFile' })
  return String(row.id)
}

export async function requestFileRoutes(app: FastifyInstance, ctx: BidsContext, storage: FileStorage, env: Record<string, string | undefined> = process.env): Promise<void> {
  const { db, clock } = ctx.deps
  const maxFileBytes = megabytes(env, 'CLIENT_FILE_MAX_MB', 20)
  const quotaBytes = megabytes(env, 'CLIENT_STORAGE_QUOTA_MB', 200)

  await app.register(async scope => {
    await scope.register(fastifyMultipart, { limits: { fileSize: maxFileBytes, files: 1, fields: 5, parts: 6 } })

    scope.post('/bids/:id/requests/:requestId/files', { preHandler: scope.requireUser(bankStaff) }, async request => {
      const bidId = pathId(request)
      const requestId = pathId(request, 'requestId')
      const actor = currentActor(request)
      const vis = await visibility(db, ctx.partners, actor)
      const seen = await seenRequest(db, vis, bidId, requestId)
      const { kind } = parseQuery(requestFileQuery, request.query)
      const atBanks = !seen.bid.archived_at && FOLLOWING_STATUSES.includes(seen.bid.status)
      const allowed = requestAllowedActions(seen.request, seen.bid, actor)
      if (!atBanks || !allowed.includes(ACTION_OF[kind])) throw new ApiError(409, 'workflowNotAllowed', { allowed })
      const [bid] = await db.select({ company_id: bids.company_id }).from(bids).where(eq(bids.id, bidId))
      if (!bid) throw notFound()
      const { stored, name: cleaned, mime, refuse } = await receiveUpload(request, db, storage, bid.company_id, { maxFileBytes, quotaBytes })
      const name = fileNameFor(cleaned, mime)
      const at = new Date(clock.now())
      try {
        const row = await withinQuota(db, bid.company_id, quotaBytes, stored.size, async tx => {
          await tx.insert(companyFiles).values({ company_id: bid.company_id, storage_key: stored.key, name, mime, size: stored.size, sha256: stored.sha256, uploaded_by: actor.id, created_at: at })
          const [inserted] = await tx
            .insert(bidRequestFiles)
            .values({ request_id: requestId, kind, storage_key: stored.key, name, mime, size: stored.size, sha256: stored.sha256, uploaded_by: actor.id, created_at: at })
            .returning()
          return inserted!
        })
        return ok(toRequestFile(row))
      } catch (error) {
        throw await refuse(error)
      }
    })
  })

  app.get('/bids/:id/requests/:requestId/files/:fileId', { preHandler: app.requireUser(canOpenBid) }, async (request, reply) => {
    const bidId = pathId(request)
    const requestId = pathId(request, 'requestId')
    const fileId = pathId(request, 'fileId')
    const actor = currentActor(request)
    const vis = await visibility(db, ctx.partners, actor)
    const seen = await seenRequest(db, vis, bidId, requestId)
    const [file] = await db
      .select()
      .from(bidRequestFiles)
      .where(and(eq(bidRequestFiles.id, fileId), eq(bidRequestFiles.request_id, requestId)))
      .limit(1)
    if (!file) throw notFound()
    // Outside the bank, only what the request points at: a draft the bank uploaded and did not offer stays its own.
    const ref = String(file.id)
    if (!isBankStaff(actor) && seen.request.offer_draft_file !== ref && seen.request.guarantee_file !== ref) throw notFound()
    let stream: Readable
    try {
      stream = await storage.open(file.storage_key)
    } catch {
      throw bidsError(404, 'fileNotFound')
    }
    return reply
      .header('content-type', file.mime)
      .header('content-length', String(file.size))
      .header('content-disposition', contentDisposition(file.name))
      .header('cache-control', 'private, no-store')
      .send(stream)
  })
}
