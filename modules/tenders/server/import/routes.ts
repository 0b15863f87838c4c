import { Readable } from 'node:stream'
import fastifyMultipart from '@fastify/multipart'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { currentActor } from '../../../../server/auth/require-user'
import type { ServerDeps } from '../../../../server/deps'
import { ok } from '../../../../server/http/envelope'
import { ApiError, notFound } from '../../../../server/http/errors'
import { pathId } from '../../../../server/http/validate'
import { canUploadTenders } from '../../access'
import type { TenderImport } from '../../import/contract'
import { tenderImports } from '../../tables'
import { csvRecords, NotText, type FileRecord } from './csv'
import { checkFile, readImports, writeTenders } from './run'
import { xlsxRecords } from './xlsx'

/** TENDER_IMPORT_MAX_MB (default 100): the largest tender file /upload takes. */
export function importMaxBytes(env: Record<string, string | undefined> = process.env): number {
  const mb = Number(env.TENDER_IMPORT_MAX_MB ?? 100)
  if (!Number.isFinite(mb) || mb <= 0) throw new Error(`TENDER_IMPORT_MAX_MB must be a positive number, got "${env.TENDER_IMPORT_MAX_MB}"`)
  return Math.round(mb * 1024 * 1024)
}

/** How many past imports the history lists. */
const HISTORY_LIMIT = 50

const fileError = (status: number, key: 'fileMissing' | 'fileEmpty' | 'fileType' | 'fileBroken' | 'fileTooLarge' | 'noRows', params?: Record<string, number>) =>
  new ApiError(status, `tenders:import.errors.${key}`, { validation: { file: `tenders:import.errors.${key}` }, ...(params && { params }) })

/** An XLSX is a zip; anything else must be text (no NUL in its first bytes) to be read as CSV. */
function kindOf(head: Buffer): 'xlsx' | 'csv' | null {
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx'
  return head.subarray(0, 4096).includes(0) ? null : 'csv'
}

/** The stream's first chunk, and the whole stream again (the first chunk put back in front) counting its bytes. */
async function peek(stream: Readable): Promise<{ head: Buffer | null; all: Readable; size: () => number }> {
  const iterator = stream[Symbol.asyncIterator]()
  const first = await iterator.next()
  if (first.done) return { head: null, all: Readable.from([]), size: () => 0 }
  const head = first.value as Buffer
  let size = head.length
  async function* again() {
    yield head
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      size += (next.value as Buffer).length
      yield next.value as Buffer
    }
  }
  return { head, all: Readable.from(again()), size: () => size }
}

/**
 * POST v1/tenders/import (role 100): one file part `file`, CSV or XLSX, parsed while it arrives, every row checked,
 * then all rows written in one transaction or none. A file with problems answers its import record (status
 * `rejected`, the report); a file that cannot be read at all answers 422 (413 over the size limit).
 * GET v1/tenders/import/{id} and v1/tenders/imports: one import (polled while it runs) and the history.
 */
export async function importRoutes(app: FastifyInstance, deps: ServerDeps, maxBytes: number): Promise<void> {
  const { db, clock } = deps
  const now = () => new Date(clock.now())
  const maxMb = Math.max(1, Math.round(maxBytes / (1024 * 1024)))
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } })
  const guard = { preHandler: app.requireUser(canUploadTenders) }

  const finish = async (id: number, status: 'failed' | 'rejected', fields: Partial<typeof tenderImports.$inferInsert> = {}) => {
    await db.update(tenderImports).set({ status, finished_at: now(), ...fields }).where(eq(tenderImports.id, id))
  }

  async function upload(request: FastifyRequest): Promise<TenderImport> {
    if (!request.isMultipart()) throw fileError(422, 'fileMissing')
    const part = await request.file({ limits: { fileSize: maxBytes }, throwFileSizeLimit: false }).catch(() => {
      throw new ApiError(400, 'badRequest')
    })
    if (!part || part.fieldname !== 'file') {
      part?.file.resume()
      throw fileError(422, 'fileMissing')
    }
    // A body cut before its closing boundary fails the part's stream (busboy's "Unexpected end of form"): bad input.
    const { head, all, size } = await peek(part.file).catch(() => {
      throw new ApiError(400, 'badRequest')
    })
    const kind = head ? kindOf(head) : null
    if (!head || !kind) {
      all.resume()
      throw fileError(422, head ? 'fileType' : 'fileEmpty')
    }
    const [record] = await db
      .insert(tenderImports)
      .values({ user_id: currentActor(request).id, file_name: part.filename.slice(0, 255) || 'file', size: 0, status: 'running', created_at: now() })
      .returning()
    const id = record!.id
    const records: AsyncIterable<FileRecord> = kind === 'xlsx' ? xlsxRecords(all) : csvRecords(all)
    // A failed progress update is the database's failure, not the file's: it must not read as "cannot be read".
    let databaseError: unknown = null
    const progress = (rows: number) =>
      db
        .update(tenderImports)
        .set({ rows })
        .where(eq(tenderImports.id, id))
        .then(
          () => undefined,
          error => {
            databaseError = error
            throw error
          },
        )
    let outcome
    try {
      outcome = await checkFile(records, progress)
    } catch (error) {
      all.resume()
      await finish(id, 'failed', { size: size() })
      if (error === databaseError) throw error
      // A file cut at the size limit is not a broken file: say what is wrong.
      if (part.file.truncated) throw fileError(413, 'fileTooLarge', { max: maxMb })
      if (error instanceof NotText) throw fileError(422, 'fileType')
      request.log.warn({ err: error, id }, 'tender import: unreadable file')
      throw fileError(422, 'fileBroken')
    }
    if (part.file.truncated) {
      await finish(id, 'failed', { size: size(), rows: outcome.rows })
      throw fileError(413, 'fileTooLarge', { max: maxMb })
    }
    if (!outcome.header || (outcome.rows === 0 && outcome.report.empty)) {
      await finish(id, 'failed', { size: size() })
      throw fileError(422, 'noRows')
    }
    if (!outcome.report.empty) {
      await finish(id, 'rejected', { size: size(), rows: outcome.rows, problems: outcome.report.problems, problems_truncated: outcome.report.truncated })
    } else {
      await db.update(tenderImports).set({ size: size() }).where(eq(tenderImports.id, id))
      try {
        await writeTenders(db, id, outcome, now())
      } catch (error) {
        await finish(id, 'failed', { rows: outcome.rows })
        throw error
      }
    }
    request.log.info({ id, rows: outcome.rows, problems: outcome.report.problems.length }, 'tender import')
    return (await readImports(db, { id, limit: 1 }))[0]!
  }

  app.post('/tenders/import', guard, async request => ok(await upload(request)))

  app.get('/tenders/import/:id', guard, async request => {
    const [one] = await readImports(db, { id: pathId(request), limit: 1 })
    if (!one) throw notFound()
    return ok(one)
  })

  app.get('/tenders/imports', guard, async () => ok(await readImports(db, { limit: HISTORY_LIMIT })))
}
