import type { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import fastifyMultipart from '@fastify/multipart'
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Actor } from '../../../core/access/actor'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { ok } from '../../../server/http/envelope'
import { ApiError, notFound } from '../../../server/http/errors'
import { parseBody, parseQuery, pathId } from '../../../server/http/validate'
import type { ServerDeps } from '../../../server/module'
import {
  cleanFileName,
  companyDocuments,
  companyFiles,
  contentDisposition,
  detectFileType,
  fileNameFor,
  licences,
  quotaExceeded,
  usedBytes,
  withSamples,
  withinQuota,
  type FileStorage,
  type StoredFile,
} from '../../clients/server'
import { bidOwners, bidVerifiers, canOpenBid } from '../access'
import type { BidDocument } from '../contract'
import { missingDocuments, requiredDocuments, reuseDocumentInput, uploadQuery, type BidDocuments } from '../documents'
import { bidDocuments, bidRequests, bids } from '../tables'
import { EDITABLE_STATUSES, REQUEST_STATUS } from '../workflow'
import { scopedBids } from './visibility'

/**
 * A bid's documents (issue 11, SPEC §5): the list with what is still missing, multipart upload, reuse of one of the
 * company's documents, delete and download. Scoped like the bid (404 outside). The bytes live where the company's
 * files do, as files of the bid's company: the clients module's limits, type check by content and company quota
 * apply, and its orphan sweep keeps them (each has its company_files row). A reused company document is copied, so
 * the bid keeps what it was sent with when the company replaces or deletes its document.
 */

export type BidRow = typeof bids.$inferSelect
type DocRow = typeof bidDocuments.$inferSelect

/** Which bids an actor sees (the bids server's visibility); the default is the access.ts row scope without banks. */
export type BidsWhere = (db: Db, actor: Actor) => Promise<SQL>

export interface BidDocumentsOptions {
  storage?: (deps: ServerDeps) => FileStorage
  /** Default CLIENT_FILE_MAX_MB (20) megabytes, as the company's uploads. */
  maxFileBytes?: number
  /** Default CLIENT_STORAGE_QUOTA_MB (200) megabytes: one quota for the company's and its bids' files. */
  storageQuotaBytes?: number
  bidsWhere?: BidsWhere
  /** After a committed change of a bid's documents (the bids server pushes `updateBids` to everyone concerned). */
  onChanged?: (bidId: number) => Promise<void>
  env?: Record<string, string | undefined>
}

/** Without the bids server's visibility (a test of this file alone): the row scope, no bank staff. */
const scopedBidsWhere: BidsWhere = async (db, actor) => scopedBids(db, actor)

export const megabytes = (env: Record<string, string | undefined>, name: string, fallback: number) => {
  const raw = env[name]
  const mb = raw ? Number(raw) : fallback
  if (!Number.isFinite(mb) || mb <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`)
  return Math.round(mb * 1024 * 1024)
}

/** Kinds the bids server generates (./pdf): not uploaded, not deleted here. */
const GENERATED_KINDS: readonly string[] = ['application_pdf', 'questionnaire_pdf']

export const bidsError = (status: number, key: string, params?: Record<string, string | number>) =>
  new ApiError(status, `bids:bid.server.${key}`, params ? { params } : {})

/** Who may upload, reuse and delete now: the owner's side while the bid is editable or a bank asks for documents; verifiers. */
export async function canChangeDocuments(db: Db, actor: Actor, bid: Pick<BidRow, 'id' | 'status' | 'archived_at'>): Promise<boolean> {
  if (bid.archived_at) return false
  if (bidVerifiers(actor)) return true
  if (!bidOwners(actor)) return false
  if (EDITABLE_STATUSES.includes(bid.status)) return true
  const [asking] = await db
    .select({ id: bidRequests.id })
    .from(bidRequests)
    .where(and(eq(bidRequests.bid_id, bid.id), eq(bidRequests.status, REQUEST_STATUS.correction)))
    .limit(1)
  return Boolean(asking)
}

export const toBidDocument = (d: DocRow): BidDocument => ({
  id: d.id,
  bid_id: d.bid_id,
  kind: d.kind,
  name: d.name,
  size: d.size,
  sha256: d.sha256,
  company_document_id: d.company_document_id,
  created_at: d.created_at.toISOString(),
})

/** A bid's documents, by kind then oldest first (for the signing host as well). */
export async function listBidDocuments(db: Db, bidId: number): Promise<DocRow[]> {
  return db.select().from(bidDocuments).where(eq(bidDocuments.bid_id, bidId)).orderBy(asc(bidDocuments.kind), asc(bidDocuments.id))
}

/** What an upload may weigh: one file, and the company's quota shared with its own documents. */
export interface UploadLimits {
  maxFileBytes: number
  quotaBytes: number
}

/** A received upload: in storage already, its cleaned name and detected type; `refuse` removes it and hands back the error to throw. */
export interface ReceivedUpload {
  stored: StoredFile
  name: string
  mime: string
  refuse: (error: unknown) => Promise<unknown>
}

/**
 * Reads the one file of a multipart request into the company's storage, with the company's rules: a `file` part,
 * the size limit (413), the quota as it stood (413), not empty, a type known by its content (415). Anything refused
 * is removed from storage again.
 */
export async function receiveUpload(request: FastifyRequest, db: Db, storage: FileStorage, companyId: number, limits: UploadLimits): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw bidsError(422, 'fileMissing')
  const part = await request.file({ limits: { fileSize: limits.maxFileBytes, files: 1, fields: 5 }, throwFileSizeLimit: false }).catch(malformedUpload)
  if (!part || part.fieldname !== 'file') {
    part?.file.resume()
    throw bidsError(422, 'fileMissing')
  }
  const usedBefore = await usedBytes(db, companyId)
  if (usedBefore >= limits.quotaBytes) {
    part.file.resume()
    await finished(part.file).catch(malformedUpload)
    throw quotaExceeded(limits.quotaBytes, usedBefore)
  }
  const stored = await storage.put(part.file).catch(malformedUpload)
  const refuse = async (error: unknown) => {
    await storage.remove(stored.key)
    return error
  }
  const maxMb = Math.max(1, Math.round(limits.maxFileBytes / (1024 * 1024)))
  if (part.file.truncated) throw await refuse(bidsError(413, 'fileTooLarge', { max: maxMb }))
  if (stored.size === 0) throw await refuse(bidsError(422, 'fileMissing'))
  const cleaned = cleanFileName(part.filename)
  const mime = detectFileType(stored.head, cleaned)
  if (!mime) throw await refuse(bidsError(415, 'fileType'))
  return { stored, name: cleaned, mime, refuse }
}

/** A multipart body the parser cannot read is the client's mistake (400); our own errors and a disk's keep theirs. */
export function malformedUpload(error: unknown): never {
  if (error instanceof ApiError || (error as { syscall?: unknown } | null)?.syscall !== undefined) throw error
  const status = (error as { statusCode?: unknown } | null)?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) throw error
  throw new ApiError(400, 'badRequest')
}

export interface BidDocumentsService {
  storage: FileStorage
  /** A document's bytes (the signing routes' `openDocument`), or null when it is gone. */
  open(bidId: number, documentId: number): Promise<{ stream: Readable; row: DocRow } | null>
}

/**
 * Registers the documents routes in their own context (the multipart parser stays theirs) and answers the service
 * other bids code (signing) reads documents with.
 */
export async function bidDocumentRoutes(app: FastifyInstance, deps: ServerDeps, options: BidDocumentsOptions = {}): Promise<BidDocumentsService> {
  const env = options.env ?? process.env
  const maxFileBytes = options.maxFileBytes ?? megabytes(env, 'CLIENT_FILE_MAX_MB', 20)
  const quotaBytes = options.storageQuotaBytes ?? megabytes(env, 'CLIENT_STORAGE_QUOTA_MB', 200)
  const storage = withSamples(options.storage ? options.storage(deps) : deps.files)
  const bidsWhere = options.bidsWhere ?? scopedBidsWhere
  const changed = (bidId: number) => options.onChanged?.(bidId).catch(() => {})
  const { db, clock } = deps
  const guard = app.requireUser(canOpenBid)

  async function bidOf(actor: Actor, id: number): Promise<BidRow> {
    const [bid] = await db
      .select()
      .from(bids)
      .where(and(eq(bids.id, id), await bidsWhere(db, actor)))
      .limit(1)
    if (!bid) throw notFound()
    return bid
  }

  async function changeable(actor: Actor, id: number): Promise<BidRow> {
    const bid = await bidOf(actor, id)
    if (!(await canChangeDocuments(db, actor, bid))) throw bidsError(409, 'documentsLocked')
    return bid
  }

  /** Stores bytes as a file of the bid's company and the bid's document, within the company's quota, in one transaction. */
  async function keep(bid: BidRow, actor: Actor, stored: { key: string; size: number; sha256: string }, values: { kind: DocRow['kind']; name: string; mime: string; company_document_id: number | null }) {
    const at = new Date(clock.now())
    return withinQuota(db, bid.company_id, quotaBytes, stored.size, async tx => {
      await tx.insert(companyFiles).values({
        company_id: bid.company_id,
        storage_key: stored.key,
        name: values.name,
        mime: values.mime,
        size: stored.size,
        sha256: stored.sha256,
        uploaded_by: actor.id,
        created_at: at,
      })
      const [row] = await tx
        .insert(bidDocuments)
        .values({ bid_id: bid.id, ...values, storage_key: stored.key, size: stored.size, sha256: stored.sha256, uploaded_by: actor.id, created_at: at })
        .returning()
      await tx.update(bids).set({ updated_at: at }).where(eq(bids.id, bid.id))
      return row!
    })
  }

  await app.register(async scope => {
    await scope.register(fastifyMultipart, { limits: { fileSize: maxFileBytes, files: 1, fields: 5, parts: 6 } })

    scope.get('/bids/:id/documents', { preHandler: guard }, async request => {
      const actor = currentActor(request)
      const bid = await bidOf(actor, pathId(request))
      const items = (await listBidDocuments(db, bid.id)).map(toBidDocument)
      const required = [...requiredDocuments(bid.service_type, bid)]
      const view: BidDocuments = { items, required, missing: missingDocuments(required, items), can_change: await canChangeDocuments(db, actor, bid) }
      return ok(view)
    })

    scope.post('/bids/:id/documents', { preHandler: guard }, async request => {
      const actor = currentActor(request)
      const bid = await changeable(actor, pathId(request))
      const { kind } = parseQuery(uploadQuery, request.query)
      const { stored, name, mime, refuse } = await receiveUpload(request, db, storage, bid.company_id, { maxFileBytes, quotaBytes })
      try {
        const row = await keep(bid, actor, stored, { kind, name: fileNameFor(name, mime), mime, company_document_id: null })
        await changed(bid.id)
        return ok(toBidDocument(row))
      } catch (error) {
        throw await refuse(error)
      }
    })
  })

  app.post('/bids/:id/documents/reuse', { preHandler: guard }, async request => {
    const actor = currentActor(request)
    const bid = await changeable(actor, pathId(request))
    const input = parseBody(reuseDocumentInput, request.body)
    const [source] = await db
      .select({ doc: companyDocuments, file: companyFiles })
      .from(companyDocuments)
      .innerJoin(companyFiles, eq(companyFiles.id, companyDocuments.file_id))
      .where(and(eq(companyDocuments.id, input.company_document_id), eq(companyDocuments.company_id, bid.company_id)))
      .limit(1)
    if (!source) throw new ApiError(422, 'invalidInput', { validation: { company_document_id: 'bids:bid.server.companyDocumentNotFound' } })
    let bytes: Readable
    try {
      bytes = await storage.open(source.file.storage_key)
    } catch {
      throw bidsError(404, 'fileNotFound')
    }
    const stored = await storage.put(bytes)
    try {
      const row = await keep(bid, actor, stored, { kind: input.kind, name: source.file.name, mime: source.file.mime, company_document_id: source.doc.id })
      await changed(bid.id)
      return ok(toBidDocument(row))
    } catch (error) {
      await storage.remove(stored.key)
      throw error
    }
  })

  app.get('/bids/:id/documents/:docId/file', { preHandler: guard }, async (request, reply) => {
    const bid = await bidOf(currentActor(request), pathId(request))
    const [doc] = await db
      .select()
      .from(bidDocuments)
      .where(and(eq(bidDocuments.id, pathId(request, 'docId')), eq(bidDocuments.bid_id, bid.id)))
      .limit(1)
    if (!doc) throw notFound()
    // The generated PDFs live in the bids' own file store: GET v1/bids/{id}/documents/{kind}.pdf serves them.
    if (GENERATED_KINDS.includes(doc.kind)) throw notFound()
    let stream: Readable
    try {
      stream = await storage.open(doc.storage_key)
    } catch {
      throw bidsError(404, 'fileNotFound')
    }
    return reply
      .header('content-type', doc.mime)
      .header('content-length', String(doc.size))
      .header('content-disposition', contentDisposition(doc.name))
      .header('cache-control', 'private, no-store')
      .send(stream)
  })

  app.post('/bids/:id/documents/:docId/delete', { preHandler: guard }, async request => {
    const actor = currentActor(request)
    const bid = await changeable(actor, pathId(request))
    const docId = pathId(request, 'docId')
    const [target] = await db
      .select({ kind: bidDocuments.kind })
      .from(bidDocuments)
      .where(and(eq(bidDocuments.id, docId), eq(bidDocuments.bid_id, bid.id)))
      .limit(1)
    // The generated application and questionnaire are replaced by generating them again, never deleted by hand.
    if (target && GENERATED_KINDS.includes(target.kind)) throw bidsError(409, 'generatedDocument')
    const removed = await db.transaction(async tx => {
      const [doc] = await tx
        .delete(bidDocuments)
        .where(and(eq(bidDocuments.id, docId), eq(bidDocuments.bid_id, bid.id)))
        .returning()
      if (!doc) return null
      await tx.update(bids).set({ updated_at: new Date(clock.now()) }).where(eq(bids.id, bid.id))
      // The company file row goes with it unless something else of the company still points at the same bytes.
      const [other] = await tx
        .select({ id: bidDocuments.id })
        .from(bidDocuments)
        .where(and(eq(bidDocuments.storage_key, doc.storage_key), ne(bidDocuments.id, doc.id)))
        .limit(1)
      if (other) return { doc, drop: false }
      const files = await tx.select({ id: companyFiles.id }).from(companyFiles).where(eq(companyFiles.storage_key, doc.storage_key))
      const ids = files.map(f => f.id)
      if (ids.length > 0) {
        const [used] = await tx.select({ id: companyDocuments.id }).from(companyDocuments).where(inArray(companyDocuments.file_id, ids)).limit(1)
        const [lic] = await tx.select({ id: licences.id }).from(licences).where(inArray(licences.file_id, ids)).limit(1)
        if (used || lic) return { doc, drop: false }
        await tx.delete(companyFiles).where(inArray(companyFiles.id, ids))
      }
      return { doc, drop: true }
    })
    if (!removed) throw notFound()
    if (removed.drop) await storage.remove(removed.doc.storage_key).catch(() => {})
    await changed(bid.id)
    return ok(null)
  })

  return {
    storage,
    async open(bidId, documentId) {
      const [row] = await db
        .select()
        .from(bidDocuments)
        .where(and(eq(bidDocuments.id, documentId), eq(bidDocuments.bid_id, bidId)))
        .limit(1)
      if (!row) return null
      try {
        return { stream: await storage.open(row.storage_key), row }
      } catch {
        return null
      }
    },
  }
}
