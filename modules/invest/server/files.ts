import type {} from '@fastify/multipart'
import { finished } from 'node:stream/promises'
import { and, count, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { ROLE } from '../../../core/auth/profile'
import { canSeeInvest, canUseInvest } from '../access'
import { currentActor } from '../../../server/auth/require-user'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { ApiError, forbidden, notFound } from '../../../server/http/errors'
import { pathId } from '../../../server/http/validate'
import { cleanFileName, contentDisposition, detectFileType, fileNameFor, type FileStorage, type StoredFile } from '../../clients/server'
import { OFFER_LIMITS, type OfferFile } from '../contract'
import { investFiles } from '../tables'
import { mayEditOffer, scopedOffer } from './read'

export interface InvestFilesContext {
  storage: FileStorage
  /** Bytes one file may have. */
  maxFileBytes: number
  /** Called once a file was added or removed (committed): the live push (push.ts). */
  changed?: (offerId: number) => Promise<void>
}

/** The image formats an offer shows, told by their first bytes (the browser's claim is never trusted). */
export function imageType(head: Buffer): string | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg'
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp'
  return null
}

const IMAGE_EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }

/** The stored name says what the bytes are: the sent name's stem and the detected type's extension. */
export function imageName(name: string, mime: string): string {
  const stem = name.replace(/\.[a-z0-9]{1,5}$/i, '') || 'image'
  return `${stem}.${IMAGE_EXTENSION[mime] ?? 'bin'}`
}

const investError = (status: number, key: string, params?: Record<string, string | number>) => new ApiError(status, `invest:server.${key}`, params ? { params } : {})

/** A multipart body the parser cannot read is the client's mistake (400); our own errors and disk failures stay. */
function malformed(error: unknown): never {
  if (error instanceof ApiError || (error as { syscall?: unknown } | null)?.syscall !== undefined) throw error
  const status = (error as { statusCode?: unknown } | null)?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) throw error
  throw new ApiError(400, 'badRequest')
}

const toFile = (f: typeof investFiles.$inferSelect): OfferFile => ({ id: f.id, name: f.name, mime: f.mime, size: f.size, has_preview: f.preview_key !== null })

/**
 * An offer's images and documents. An image upload is a multipart body with the original in `file` and, optionally,
 * the preview the browser drew on a canvas in `preview` (no image library on the server): each JPEG, PNG or WebP by
 * content (415 otherwise), each at most the size limit (413). A document is one `file` of the document formats the
 * clients module accepts. Files are stored under random keys in DATA_DIR/invest-files, never under the user's name.
 */
export function fileRoutes(app: FastifyInstance, deps: ServerDeps, ctx: InvestFilesContext): void {
  const { db, clock } = deps
  const maxMb = Math.max(1, Math.round(ctx.maxFileBytes / (1024 * 1024)))

  async function editableOffer(request: Parameters<typeof currentActor>[0]) {
    const actor = currentActor(request)
    const offer = await scopedOffer(db, actor, pathId(request))
    if (!offer) throw notFound()
    if (!mayEditOffer(actor, offer)) throw offer.owner_user_id === actor.id || actor.role === ROLE.admin ? investError(409, 'notEditable') : forbidden()
    return offer
  }

  async function kept(offerId: number, kind: 'image' | 'document'): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(investFiles)
      .where(and(eq(investFiles.offer_id, offerId), eq(investFiles.kind, kind)))
    return row?.n ?? 0
  }

  /** Stores the body's file parts by name; anything refused removes what was stored. */
  async function receive(request: Parameters<typeof currentActor>[0], names: readonly string[]): Promise<Map<string, { stored: StoredFile; name: string }>> {
    if (!request.isMultipart()) throw investError(422, 'fileMissing')
    const got = new Map<string, { stored: StoredFile; name: string }>()
    const drop = async () => {
      for (const f of got.values()) await ctx.storage.remove(f.stored.key).catch(() => {})
    }
    try {
      const parts = request.parts({ limits: { fileSize: ctx.maxFileBytes, files: names.length, fields: 5, parts: names.length + 5 } })
      for await (const part of parts) {
        if (part.type !== 'file') continue
        if (!names.includes(part.fieldname) || got.has(part.fieldname)) {
          part.file.resume()
          await finished(part.file)
          continue
        }
        const stored = await ctx.storage.put(part.file)
        got.set(part.fieldname, { stored, name: cleanFileName(part.filename) })
        if (part.file.truncated) throw investError(413, 'fileTooLarge', { max: maxMb })
        if (stored.size === 0) throw investError(422, 'fileMissing')
      }
    } catch (error) {
      await drop()
      if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') throw investError(413, 'fileTooLarge', { max: maxMb })
      malformed(error)
    }
    if (!got.has('file')) {
      await drop()
      throw investError(422, 'fileMissing')
    }
    return got
  }

  app.post('/invest/offers/:id/images', { preHandler: app.requireUser(canSeeInvest) }, async request => {
    const offer = await editableOffer(request)
    if ((await kept(offer.id, 'image')) >= OFFER_LIMITS.imagesMax) throw investError(409, 'tooManyFiles', { max: OFFER_LIMITS.imagesMax })
    const got = await receive(request, ['file', 'preview'])
    const file = got.get('file')!
    const preview = got.get('preview')
    const mime = imageType(file.stored.head)
    const previewMime = preview ? imageType(preview.stored.head) : null
    if (!mime || (preview && !previewMime)) {
      for (const f of got.values()) await ctx.storage.remove(f.stored.key).catch(() => {})
      throw investError(415, 'imageType')
    }
    const [row] = await db
      .insert(investFiles)
      .values({
        offer_id: offer.id,
        kind: 'image',
        storage_key: file.stored.key,
        preview_key: preview?.stored.key ?? null,
        preview_mime: previewMime,
        name: imageName(file.name, mime),
        mime,
        size: file.stored.size,
        created_at: new Date(clock.now()),
      })
      .returning()
    await ctx.changed?.(offer.id)
    return ok<OfferFile>(toFile(row!))
  })

  app.post('/invest/offers/:id/documents', { preHandler: app.requireUser(canSeeInvest) }, async request => {
    const offer = await editableOffer(request)
    if ((await kept(offer.id, 'document')) >= OFFER_LIMITS.documentsMax) throw investError(409, 'tooManyFiles', { max: OFFER_LIMITS.documentsMax })
    const got = await receive(request, ['file'])
    const file = got.get('file')!
    const mime = detectFileType(file.stored.head, file.name)
    if (!mime) {
      await ctx.storage.remove(file.stored.key).catch(() => {})
      throw investError(415, 'documentType')
    }
    const [row] = await db
      .insert(investFiles)
      .values({ offer_id: offer.id, kind: 'document', storage_key: file.stored.key, name: fileNameFor(file.name, mime), mime, size: file.stored.size, created_at: new Date(clock.now()) })
      .returning()
    await ctx.changed?.(offer.id)
    return ok<OfferFile>(toFile(row!))
  })

  app.post('/invest/offers/:id/files/:fileId/delete', { preHandler: app.requireUser(canSeeInvest) }, async request => {
    const offer = await editableOffer(request)
    const [row] = await db
      .delete(investFiles)
      .where(and(eq(investFiles.id, pathId(request, 'fileId')), eq(investFiles.offer_id, offer.id)))
      .returning()
    if (!row) throw notFound()
    await ctx.storage.remove(row.storage_key).catch(() => {})
    if (row.preview_key) await ctx.storage.remove(row.preview_key).catch(() => {})
    await ctx.changed?.(offer.id)
    return ok({ id: row.id })
  })

  async function send(reply: FastifyReply, key: string, mime: string, name: string, size: number | null) {
    let stream
    try {
      stream = await ctx.storage.open(key)
    } catch {
      throw notFound()
    }
    reply.header('content-type', mime).header('content-disposition', contentDisposition(name, 'inline')).header('cache-control', 'private, no-store')
    if (size !== null) reply.header('content-length', String(size))
    return reply.send(stream)
  }

  async function fileOf(request: Parameters<typeof currentActor>[0], kind: 'image' | 'document') {
    const offer = await scopedOffer(db, currentActor(request), pathId(request))
    if (!offer) throw notFound()
    const [row] = await db
      .select()
      .from(investFiles)
      .where(and(eq(investFiles.id, pathId(request, 'fileId')), eq(investFiles.offer_id, offer.id), eq(investFiles.kind, kind)))
    if (!row) throw notFound()
    return row
  }

  const readers = app.requireUser(canUseInvest)
  app.get('/invest/offers/:id/images/:fileId', { preHandler: readers }, async (request, reply) => {
    const row = await fileOf(request, 'image')
    return send(reply, row.storage_key, row.mime, row.name, row.size)
  })
  app.get('/invest/offers/:id/images/:fileId/preview', { preHandler: readers }, async (request, reply) => {
    const row = await fileOf(request, 'image')
    if (!row.preview_key) return send(reply, row.storage_key, row.mime, row.name, row.size)
    return send(reply, row.preview_key, row.preview_mime ?? row.mime, `preview-${row.name}`, null)
  })
  app.get('/invest/offers/:id/documents/:fileId', { preHandler: readers }, async (request, reply) => {
    const row = await fileOf(request, 'document')
    return send(reply, row.storage_key, row.mime, row.name, row.size)
  })
}
