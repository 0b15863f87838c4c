import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentActor } from '../../../server/auth/require-user'
import type { Clock } from '../../../server/clock'
import type { Db } from '../../../server/db/client'
import { companies } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { ApiError, notFound } from '../../../server/http/errors'
import { PUBLIC_LINK_EXPIRED_CODE, publicPagePath, type PublicCompany, type PublicDocumentsView, type PublicFinancialsView, type PublicLink } from '../contract'
import type { PublicLinkKind } from '../rules/catalogues'
import { publicLinkForm } from '../rules/forms'
import { clientsSecrets, publicLinks } from '../tables'
import { companyInScope } from './company-store'
import type { ClientsContext } from './context'
import { isPublishedFile, listDocuments, listLicences, sendFile } from './documents'
import { listPeriods } from './financials'
import { parseBody, pathId } from '../../../server/http/validate'

/**
 * Public read-only links. The hash is `<id>.<nonce>.<signature>`: the signature is an HMAC-SHA256 (module
 * secret) over the kind, id and a 128-bit random nonce, so a hash cannot be guessed or altered (a tampered one
 * fails before any lookup); the row makes it revocable. Unknown, tampered, revoked, or of the other kind:
 * the same 404. Every link expires (1, 7, 30 or 90 days, chosen at creation, 30 by default): past its
 * `expires_at` a genuine link answers 410 with PUBLIC_LINK_EXPIRED_CODE, so the page can say it has expired.
 */

const SECRET_NAME = 'public_link_hmac'

/** The signing key: PUBLIC_LINK_SECRET when configured, else generated once and kept in the database. */
export function linkSecret(db: Db, clock: Clock, configured: string | null): () => Promise<string> {
  let pending: Promise<string> | null = configured ? Promise.resolve(configured) : null
  return () => {
    pending ??= (async () => {
      await db
        .insert(clientsSecrets)
        .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url'), created_at: new Date(clock.now()) })
        .onConflictDoNothing()
      const [row] = await db.select({ value: clientsSecrets.value }).from(clientsSecrets).where(eq(clientsSecrets.name, SECRET_NAME))
      if (!row) throw new Error('public link secret missing')
      return row.value
    })().catch(error => {
      pending = null
      throw error
    })
    return pending
  }
}

const sign = (secret: string, kind: string, id: number, nonce: string) => createHmac('sha256', secret).update(`${kind}:${id}:${nonce}`).digest('base64url')

export function linkHash(secret: string, kind: PublicLinkKind, id: number, nonce: string): string {
  return `${id}.${nonce}.${sign(secret, kind, id, nonce)}`
}

/** The link id when the hash is well formed and its signature is right for this kind; null otherwise. */
export function verifyHash(secret: string, kind: PublicLinkKind, hash: string): { id: number; nonce: string } | null {
  const match = /^(\d{1,9})\.([\w-]{22})\.([\w-]{43})$/.exec(hash)
  if (!match) return null
  const id = Number(match[1])
  const nonce = match[2]!
  const expected = Buffer.from(sign(secret, kind, id, nonce))
  const given = Buffer.from(match[3]!)
  return expected.length === given.length && timingSafeEqual(expected, given) ? { id, nonce } : null
}

type LinkRow = typeof publicLinks.$inferSelect

const DAY_MS = 24 * 60 * 60_000

const toLink = (secret: string, row: LinkRow, now: number): PublicLink => {
  const kind = row.kind as PublicLinkKind
  const hash = linkHash(secret, kind, row.id, row.nonce)
  return {
    id: row.id,
    kind,
    hash,
    path: publicPagePath(kind, hash),
    created_at: row.created_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    expires_at: row.expires_at.toISOString(),
    expired: row.expires_at.getTime() <= now,
  }
}

export function publicLinkRoutes(app: FastifyInstance, ctx: ClientsContext): void {
  const { db, clock } = ctx.deps

  app.get('/companies/:id/public-links', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const secret = await ctx.linkSecret()
    const rows = await db.select().from(publicLinks).where(eq(publicLinks.company_id, company.id)).orderBy(desc(publicLinks.id))
    return ok(rows.map(r => toLink(secret, r, clock.now())))
  })

  app.post('/companies/:id/public-links', { preHandler: app.requireUser() }, async request => {
    const actor = currentActor(request)
    const company = await companyInScope(db, actor, pathId(request))
    const form = parseBody(publicLinkForm, request.body)
    const [row] = await db
      .insert(publicLinks)
      .values({
        company_id: company.id,
        kind: form.kind,
        nonce: randomBytes(16).toString('base64url'),
        created_by: actor.id,
        created_at: new Date(clock.now()),
        expires_at: new Date(clock.now() + form.days * DAY_MS),
      })
      .returning()
    return ok(toLink(await ctx.linkSecret(), row!, clock.now()))
  })

  app.post('/companies/:id/public-links/:linkId/revoke', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const linkId = pathId(request, 'linkId')
    const [current] = await db
      .select()
      .from(publicLinks)
      .where(and(eq(publicLinks.id, linkId), eq(publicLinks.company_id, company.id)))
    if (!current) throw notFound()
    const [row] = current.revoked_at
      ? [current]
      : await db.update(publicLinks).set({ revoked_at: new Date(clock.now()) }).where(eq(publicLinks.id, linkId)).returning()
    return ok(toLink(await ctx.linkSecret(), row!, clock.now()))
  })

  /** The company behind a live link of this kind; 404 for anything but a genuine unrevoked link, 410 once it has expired. */
  async function resolve(kind: PublicLinkKind, hash: string): Promise<{ companyId: number; company: PublicCompany }> {
    const verified = verifyHash(await ctx.linkSecret(), kind, hash)
    if (!verified) throw notFound()
    const [row] = await db
      .select({ companyId: publicLinks.company_id, nonce: publicLinks.nonce, expiresAt: publicLinks.expires_at, company: { short_name: companies.short_name, full_name: companies.full_name, inn: companies.inn, ogrn: companies.ogrn, kpp: companies.kpp } })
      .from(publicLinks)
      .innerJoin(companies, eq(companies.id, publicLinks.company_id))
      .where(and(eq(publicLinks.id, verified.id), eq(publicLinks.kind, kind), isNull(publicLinks.revoked_at)))
    if (!row || row.nonce !== verified.nonce) throw notFound()
    if (row.expiresAt.getTime() <= clock.now()) throw new ApiError(410, 'clients:server.linkExpired', { code: PUBLIC_LINK_EXPIRED_CODE })
    return { companyId: row.companyId, company: row.company }
  }

  // Public: no session. Rate-limited per address so the 404s cannot be used to probe at speed.
  const open = { config: { rateLimit: { max: 120, timeWindow: 60_000 } } }

  app.get('/public-documents/:hash', open, async request => {
    const { companyId, company } = await resolve('documents', String((request.params as { hash: string }).hash))
    const strip = <T extends { company_id: number }>({ company_id: _, ...rest }: T) => rest
    const view: PublicDocumentsView = {
      company,
      documents: (await listDocuments(db, companyId)).map(strip),
      licences: (await listLicences(db, companyId)).map(strip),
    }
    return ok(view)
  })

  app.get('/public-documents/:hash/files/:fileId', open, async (request, reply) => {
    const { companyId } = await resolve('documents', String((request.params as { hash: string }).hash))
    const file = await isPublishedFile(db, companyId, pathId(request, 'fileId'))
    if (!file) throw notFound()
    return sendFile(ctx, reply, file)
  })

  app.get('/public-financials/:hash', open, async request => {
    const { companyId, company } = await resolve('financials', String((request.params as { hash: string }).hash))
    const view: PublicFinancialsView = {
      company,
      financials: (await listPeriods(db, companyId)).map(({ id: _id, company_id: _c, ...rest }) => rest),
    }
    return ok(view)
  })
}
