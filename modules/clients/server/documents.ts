import { finished } from 'node:stream/promises'
import type {} from '@fastify/multipart'
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { ok } from '../../../server/http/envelope'
import { ApiError, notFound } from '../../../server/http/errors'
import type { CompanyDocument, FileInfo, Licence } from '../contract'
import type { DocumentKind } from '../rules/catalogues'
import { documentForm, licenceForm } from '../rules/forms'
import { companyDocuments, companyFiles, licences } from '../tables'
import { companyInScope } from './company-store'
import type { ClientsContext } from './context'
import { cleanFileName, contentDisposition, detectFileType, fileNameFor } from './file-types'
import { clientsError, pushProgress } from './http'
import { quotaExceeded, usedBytes, withinQuota } from './quota'
import { parseBody, pathId } from '../../../server/http/validate'

type FileRow = typeof companyFiles.$inferSelect

export const toFileInfo = (f: FileRow): FileInfo => ({ id: f.id, name: f.name, mime: f.mime, size: f.size, created_at: f.created_at.toISOString() })

export async function listDocuments(db: Db, companyId: number): Promise<CompanyDocument[]> {
  const rows = await db
    .select({ doc: companyDocuments, file: companyFiles })
    .from(companyDocuments)
    .innerJoin(companyFiles, eq(companyFiles.id, companyDocuments.file_id))
    .where(eq(companyDocuments.company_id, companyId))
    .orderBy(asc(companyDocuments.kind), desc(companyDocuments.id))
  return rows.map(({ doc, file }) => ({
    id: doc.id,
    company_id: doc.company_id,
    kind: doc.kind as DocumentKind,
    name: doc.name,
    file: toFileInfo(file),
    created_at: doc.created_at.toISOString(),
  }))
}

export async function listLicences(db: Db, companyId: number): Promise<Licence[]> {
  const rows = await db
    .select({ licence: licences, file: companyFiles })
    .from(licences)
    .leftJoin(companyFiles, eq(companyFiles.id, licences.file_id))
    .where(eq(licences.company_id, companyId))
    .orderBy(desc(licences.issue_date), desc(licences.id))
  return rows.map(({ licence: l, file }) => ({
    id: l.id,
    company_id: l.company_id,
    kind: l.kind,
    number: l.number,
    issuer: l.issuer,
    activities: l.activities,
    issue_date: l.issue_date,
    end_date: l.end_date,
    file: file ? toFileInfo(file) : null,
    created_at: l.created_at.toISOString(),
  }))
}

/** Streams a stored file with its type and name; a lost file on disk is a 404, not a 500. */
export async function sendFile(ctx: ClientsContext, reply: FastifyReply, file: FileRow): Promise<FastifyReply> {
  let stream
  try {
    stream = await ctx.storage.open(file.storage_key)
  } catch {
    throw clientsError(404, 'fileNotFound')
  }
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(fileNameFor(file.name, file.mime)))
    .header('cache-control', 'private, no-store')
    .send(stream)
}

/** A file of this company, or 404. */
async function fileOf(db: Db, companyId: number, fileId: number): Promise<FileRow> {
  const [file] = await db
    .select()
    .from(companyFiles)
    .where(and(eq(companyFiles.id, fileId), eq(companyFiles.company_id, companyId)))
    .limit(1)
  if (!file) throw notFound()
  return file
}

/** Removes a file row and its bytes unless a document or licence still uses it. */
async function dropFileIfUnused(ctx: ClientsContext, fileId: number): Promise<void> {
  const { db } = ctx.deps
  const [doc] = await db.select({ id: companyDocuments.id }).from(companyDocuments).where(eq(companyDocuments.file_id, fileId)).limit(1)
  const [lic] = await db.select({ id: licences.id }).from(licences).where(eq(licences.file_id, fileId)).limit(1)
  if (doc || lic) return
  const [file] = await db.delete(companyFiles).where(eq(companyFiles.id, fileId)).returning()
  if (file) await ctx.storage.remove(file.storage_key).catch(() => {})
}

/**
 * A multipart body the parser cannot read (wrong or missing boundary, truncated body) is the client's mistake: 400
 * with the envelope. Errors of our own (an ApiError, a 4xx of Fastify's) keep their status; a system call's
 * failure (disk) stays a 500.
 */
function malformedUpload(error: unknown): never {
  if (error instanceof ApiError || (error as { syscall?: unknown } | null)?.syscall !== undefined) throw error
  const status = (error as { statusCode?: unknown } | null)?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) throw error
  throw new ApiError(400, 'badRequest')
}

/**
 * Files (multipart upload, download), documents and licences of a company. An upload is one file part named
 * `file`: over the size limit → 413, a type other than the document formats (checked by content) → 415, more than
 * the company's storage quota with what it already keeps → 413; a refused upload leaves nothing stored.
 */
export function documentRoutes(app: FastifyInstance, ctx: ClientsContext): void {
  const { db, clock } = ctx.deps
  const maxMb = Math.max(1, Math.round(ctx.maxFileBytes / (1024 * 1024)))

  app.post('/companies/:id/files', { preHandler: app.requireUser() }, async request => {
    const actor = currentActor(request)
    const company = await companyInScope(db, actor, pathId(request))
    if (!request.isMultipart()) throw clientsError(400, 'fileMissing')
    const part = await request.file({ limits: { fileSize: ctx.maxFileBytes, files: 1, fields: 10 }, throwFileSizeLimit: false }).catch(malformedUpload)
    if (!part || part.fieldname !== 'file') {
      part?.file.resume()
      throw clientsError(422, 'fileMissing')
    }
    // A company already at its quota: nothing is written; the body is read to its end so the browser gets the answer.
    const usedBefore = await usedBytes(db, company.id)
    if (usedBefore >= ctx.storageQuotaBytes) {
      part.file.resume()
      await finished(part.file).catch(malformedUpload)
      throw quotaExceeded(ctx.storageQuotaBytes, usedBefore)
    }
    const stored = await ctx.storage.put(part.file).catch(malformedUpload)
    const name = cleanFileName(part.filename)
    const refuse = async (error: unknown) => {
      await ctx.storage.remove(stored.key)
      return error
    }
    if (part.file.truncated) throw await refuse(clientsError(413, 'fileTooLarge', { max: maxMb }))
    if (stored.size === 0) throw await refuse(clientsError(422, 'fileMissing'))
    const mime = detectFileType(stored.head, name)
    if (!mime) throw await refuse(clientsError(415, 'fileType'))
    let file: FileRow | undefined
    try {
      file = await withinQuota(db, company.id, ctx.storageQuotaBytes, stored.size, async tx => {
        const [row] = await tx
          .insert(companyFiles)
          .values({
            company_id: company.id,
            storage_key: stored.key,
            name: fileNameFor(name, mime),
            mime,
            size: stored.size,
            sha256: stored.sha256,
            uploaded_by: actor.id,
            created_at: new Date(clock.now()),
          })
          .returning()
        return row
      })
    } catch (error) {
      throw await refuse(error)
    }
    return ok(toFileInfo(file!))
  })

  app.get('/companies/:id/files/:fileId', { preHandler: app.requireUser() }, async (request, reply) => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    return sendFile(ctx, reply, await fileOf(db, company.id, pathId(request, 'fileId')))
  })

  app.get('/companies/:id/documents', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    return ok(await listDocuments(db, company.id))
  })

  app.post('/companies/:id/documents', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const form = parseBody(documentForm, request.body)
    const file = await fileOf(db, company.id, form.file_id).catch(() => {
      throw new ApiError(422, 'invalidInput', { validation: { file_id: 'clients:server.fileNotFound' } })
    })
    const [doc] = await db
      .insert(companyDocuments)
      .values({ company_id: company.id, kind: form.kind, name: form.name ?? file.name, file_id: file.id, created_at: new Date(clock.now()) })
      .returning()
    await pushProgress(ctx.deps, company.owner_user_id)
    const all = await listDocuments(db, company.id)
    return ok(all.find(d => d.id === doc!.id)!)
  })

  app.post('/companies/:id/documents/:docId/delete', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const [doc] = await db
      .delete(companyDocuments)
      .where(and(eq(companyDocuments.id, pathId(request, 'docId')), eq(companyDocuments.company_id, company.id)))
      .returning()
    if (!doc) throw notFound()
    await dropFileIfUnused(ctx, doc.file_id)
    await pushProgress(ctx.deps, company.owner_user_id)
    return ok(null)
  })

  app.get('/companies/:id/licences', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    return ok(await listLicences(db, company.id))
  })

  async function saveLicence(companyId: number, body: unknown, licenceId: number | null): Promise<Licence> {
    const form = parseBody(licenceForm, body)
    const [before] =
      licenceId === null
        ? [null]
        : await db
            .select({ file_id: licences.file_id })
            .from(licences)
            .where(and(eq(licences.id, licenceId), eq(licences.company_id, companyId)))
    if (before === undefined) throw notFound()
    if (form.file_id !== null) {
      await fileOf(db, companyId, form.file_id).catch(() => {
        throw new ApiError(422, 'invalidInput', { validation: { file_id: 'clients:server.fileNotFound' } })
      })
    }
    const values = {
      kind: form.kind,
      number: form.number,
      issuer: form.issuer,
      activities: form.activities,
      issue_date: form.issue_date,
      end_date: form.end_date,
      file_id: form.file_id,
    }
    let id: number
    if (licenceId === null) {
      const [row] = await db
        .insert(licences)
        .values({ company_id: companyId, ...values, created_at: new Date(clock.now()) })
        .returning({ id: licences.id })
      id = row!.id
    } else {
      await db.update(licences).set(values).where(eq(licences.id, licenceId))
      if (before && before.file_id !== null && before.file_id !== form.file_id) await dropFileIfUnused(ctx, before.file_id)
      id = licenceId
    }
    return (await listLicences(db, companyId)).find(l => l.id === id)!
  }

  app.post('/companies/:id/licences', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    return ok(await saveLicence(company.id, request.body, null))
  })

  app.post('/companies/:id/licences/:licenceId', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    return ok(await saveLicence(company.id, request.body, pathId(request, 'licenceId')))
  })

  app.post('/companies/:id/licences/:licenceId/delete', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const [row] = await db
      .delete(licences)
      .where(and(eq(licences.id, pathId(request, 'licenceId')), eq(licences.company_id, company.id)))
      .returning()
    if (!row) throw notFound()
    if (row.file_id !== null) await dropFileIfUnused(ctx, row.file_id)
    return ok(null)
  })
}

/** Removes every stored file of a company (before the company row goes; the rows cascade). */
export async function removeCompanyFiles(ctx: ClientsContext, companyId: number): Promise<void> {
  const files = await ctx.deps.db.select({ key: companyFiles.storage_key }).from(companyFiles).where(eq(companyFiles.company_id, companyId))
  for (const f of files) await ctx.storage.remove(f.key).catch(() => {})
}

/** Is this file one a public documents page may serve (used by a document or a licence of the company)? */
export async function isPublishedFile(db: Db, companyId: number, fileId: number): Promise<FileRow | null> {
  const [file] = await db
    .select()
    .from(companyFiles)
    .where(
      and(
        eq(companyFiles.id, fileId),
        eq(companyFiles.company_id, companyId),
        or(
          inArray(companyFiles.id, db.select({ id: companyDocuments.file_id }).from(companyDocuments).where(eq(companyDocuments.company_id, companyId))),
          inArray(
            companyFiles.id,
            db
              .select({ id: licences.file_id })
              .from(licences)
              .where(and(eq(licences.company_id, companyId))),
          ),
        ),
      ),
    )
    .limit(1)
  return file ?? null
}
