import { randomInt } from 'node:crypto'
import { and, desc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { formatPhone, phoneDigits, SMS_CODE_LENGTH } from '../../../core/validation'
import { perAddress, tooManyRequests } from '../../../server/auth/address-limit'
import { currentActor } from '../../../server/auth/require-user'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { ApiError, notFound } from '../../../server/http/errors'
import { lookup, pickLang } from '../../../server/http/i18n'
import { parseBody, pathId } from '../../../server/http/validate'
import { enabledCertificateAdapter } from './certificate'
import {
  createSigningForm,
  LIVE_LINK_REVOKED_CODE,
  livePath,
  SIGN_CODE_RESEND_SECONDS,
  SIGN_LINK_EXPIRED_CODE,
  SIGN_LINK_REVOKED_CODE,
  signForm,
  signPath,
  type LiveLink,
  type SignCodeSent,
  type SigningLink,
  type SignView,
} from './contract'
import { canGenerateDocuments } from '../access'
import type { BidLinksHost } from './host'
import { bidLinkSecret, linkHash, newNonce, verifyLinkHash } from './links'
import { bidLiveLinks, bidSignings, type SignatureRecord, type SignedDocument } from './tables'

/**
 * The bid's public links (issue 11).
 *
 * Signing, /sign/{hash}: the bid's owner side or a verifier makes a link for a signer's phone (the company contact's
 * by default); the link freezes the documents to sign with their SHA-256. The signer, without an account, sees
 * the documents (names, sizes, hashes — nothing else of the bid), downloads them, asks for an SMS code (a new one only
 * 60 s after the last, SPEC §5; limited per phone and per address like the registration code) and signs with it:
 * a simple electronic signature recorded with the time, phone, address and the documents' hashes. Wrong codes are
 * counted (REGISTER_CODE_TRIES per code); a revoked or expired link answers 410 with its own code; an unknown or
 * tampered hash 404. A certificate adapter (./certificate.ts) may add a CryptoPro signature; it is off by default.
 *
 * Live, /live?h={hash}: a revocable link showing one bid's status and timeline (LiveView), nothing private.
 */

const DAY_MS = 24 * 60 * 60_000

export interface BidLinksOptions {
  /** The HMAC key; default BIDS_LINK_SECRET, else PUBLIC_LINK_SECRET, else one generated and kept in the database. */
  linkSecret?: string | null
  env?: Record<string, string | undefined>
}

/** "79001234510" → "+7 (***) ***-**-10": enough for the signer to recognise their phone, nothing for anyone else. */
export function maskPhone(digits: string): string {
  return `+7 (***) ***-**-${digits.slice(-2)}`
}

const generateCode = () => String(randomInt(10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0')

type SigningRow = typeof bidSignings.$inferSelect

const publicDocuments = (docs: readonly SignedDocument[]) => docs.map(({ n, name, size, sha256 }) => ({ n, name, size, sha256 }))

const bidsError = (status: number, key: string, options: ConstructorParameters<typeof ApiError>[2] = {}) => new ApiError(status, `bids:links.error.${key}`, options)

const codeRefused = (key: 'codeMissing' | 'codeExpired' | 'codeSpent' | 'codeWrong', params?: Record<string, number>) =>
  new ApiError(422, key, { validation: { code: `server:${key}` }, ...(params ? { params } : {}) })

export function bidLinkRoutes(app: FastifyInstance, deps: ServerDeps, host: BidLinksHost, options: BidLinksOptions = {}): void {
  const { db, clock, config } = deps
  const env = options.env ?? process.env
  const secret = bidLinkSecret(db, clock, options.linkSecret ?? env.BIDS_LINK_SECRET ?? env.PUBLIC_LINK_SECRET ?? null)
  const now = () => clock.now()

  const toSigningLink = async (row: SigningRow): Promise<SigningLink> => {
    const hash = linkHash(await secret(), 'sign', row.id, row.nonce)
    return {
      id: row.id,
      hash,
      path: signPath(hash),
      phone: formatPhone(row.phone),
      documents: publicDocuments(row.documents),
      created_at: row.created_at.toISOString(),
      expires_at: row.expires_at.toISOString(),
      revoked_at: row.revoked_at?.toISOString() ?? null,
      signed_at: row.signed_at?.toISOString() ?? null,
    }
  }
  const toLiveLink = async (row: typeof bidLiveLinks.$inferSelect): Promise<LiveLink> => {
    const hash = linkHash(await secret(), 'live', row.id, row.nonce)
    return { id: row.id, hash, path: livePath(hash), created_at: row.created_at.toISOString(), revoked_at: row.revoked_at?.toISOString() ?? null }
  }

  // ---- Links, for the bid's owner side and verifiers (the role by the guard, the scope by the host) ----
  const manage = { preHandler: app.requireUser(canGenerateDocuments) }

  app.get('/bids/:id/signings', manage, async request => {
    const bid = await host.bidForLinks(currentActor(request), pathId(request))
    const rows = await db.select().from(bidSignings).where(eq(bidSignings.bid_id, bid.id)).orderBy(desc(bidSignings.id))
    return ok(await Promise.all(rows.map(toSigningLink)))
  })

  app.post('/bids/:id/signings', manage, async request => {
    const actor = currentActor(request)
    const bid = await host.bidForLinks(actor, pathId(request))
    const form = parseBody(createSigningForm, request.body)
    const phone = form.phone ? phoneDigits(form.phone) : await host.contactPhone(bid.id)
    if (!phone) throw bidsError(422, 'signNoPhone', { validation: { phone: 'bids:links.error.signNoPhone' } })
    const documents = (await host.signableDocuments(bid.id)).map((d, i): SignedDocument => ({ n: i + 1, ...d }))
    if (documents.length === 0) throw bidsError(409, 'signNoDocuments')
    const at = now()
    const [row] = await db
      .insert(bidSignings)
      .values({ bid_id: bid.id, nonce: newNonce(), phone, documents, created_by: actor.id, created_at: new Date(at), expires_at: new Date(at + form.days * DAY_MS) })
      .returning()
    return ok(await toSigningLink(row!))
  })

  app.post('/bids/:id/signings/:signingId/revoke', manage, async request => {
    const bid = await host.bidForLinks(currentActor(request), pathId(request))
    const id = pathId(request, 'signingId')
    const [current] = await db
      .select()
      .from(bidSignings)
      .where(and(eq(bidSignings.id, id), eq(bidSignings.bid_id, bid.id)))
    if (!current) throw notFound()
    const [row] = current.revoked_at ? [current] : await db.update(bidSignings).set({ revoked_at: new Date(now()) }).where(eq(bidSignings.id, id)).returning()
    return ok(await toSigningLink(row!))
  })

  app.get('/bids/:id/live-links', manage, async request => {
    const bid = await host.bidForLinks(currentActor(request), pathId(request))
    const rows = await db.select().from(bidLiveLinks).where(eq(bidLiveLinks.bid_id, bid.id)).orderBy(desc(bidLiveLinks.id))
    return ok(await Promise.all(rows.map(toLiveLink)))
  })

  app.post('/bids/:id/live-links', manage, async request => {
    const actor = currentActor(request)
    const bid = await host.bidForLinks(actor, pathId(request))
    const [row] = await db
      .insert(bidLiveLinks)
      .values({ bid_id: bid.id, nonce: newNonce(), created_by: actor.id, created_at: new Date(now()) })
      .returning()
    return ok(await toLiveLink(row!))
  })

  app.post('/bids/:id/live-links/:linkId/revoke', manage, async request => {
    const bid = await host.bidForLinks(currentActor(request), pathId(request))
    const id = pathId(request, 'linkId')
    const [current] = await db
      .select()
      .from(bidLiveLinks)
      .where(and(eq(bidLiveLinks.id, id), eq(bidLiveLinks.bid_id, bid.id)))
    if (!current) throw notFound()
    const [row] = current.revoked_at ? [current] : await db.update(bidLiveLinks).set({ revoked_at: new Date(now()) }).where(eq(bidLiveLinks.id, id)).returning()
    return ok(await toLiveLink(row!))
  })

  // ---- Public pages' endpoints ----

  // No session. Rate-limited per address so the 404s cannot be used to probe at speed.
  const open = { config: { rateLimit: { max: 120, timeWindow: 60_000 } } }
  const hashOf = (request: FastifyRequest) => String((request.params as { hash?: unknown }).hash ?? '')

  /** The signing behind a hash: 404 unknown or tampered, 410 revoked or expired (each with its code). */
  async function signing(hash: string): Promise<SigningRow> {
    const verified = verifyLinkHash(await secret(), 'sign', hash)
    if (!verified) throw notFound()
    const [row] = await db.select().from(bidSignings).where(eq(bidSignings.id, verified.id))
    if (!row || row.nonce !== verified.nonce) throw notFound()
    if (row.revoked_at) throw bidsError(410, 'signLinkRevoked', { code: SIGN_LINK_REVOKED_CODE })
    // A signed link stays readable (the signer sees what they signed); an unsigned one ends at its expiry.
    if (!row.signed_at && row.expires_at.getTime() <= now()) throw bidsError(410, 'signLinkExpired', { code: SIGN_LINK_EXPIRED_CODE })
    return row
  }

  const resendAfter = (row: SigningRow) =>
    row.code_sent_at ? Math.max(0, Math.ceil((row.code_sent_at.getTime() + SIGN_CODE_RESEND_SECONDS * 1000 - now()) / 1000)) : 0

  const view = (row: SigningRow): SignView => ({
    state: row.signed_at ? 'signed' : 'pending',
    phone: maskPhone(row.phone),
    documents: publicDocuments(row.documents),
    expires_at: row.expires_at.toISOString(),
    resend_after_seconds: row.signed_at ? 0 : resendAfter(row),
    code_sent: !row.signed_at && row.code_hash !== null && (row.code_expires_at?.getTime() ?? 0) > now(),
    signed_at: row.signed_at?.toISOString() ?? null,
    signature: row.signature ? { method: row.signature.method, documents: row.signature.documents } : null,
  })

  app.get('/sign/:hash', open, async request => ok(view(await signing(hashOf(request)))))

  const alreadySigned = () => bidsError(409, 'signAlreadySigned')

  const smsPerPhone = app.limits.counter('sms:bids.sign', config.registerSmsPerPhone)
  const codeLimits = { ...open, preHandler: perAddress(config.registerCodeAddressRateLimit, clock) }

  app.post('/sign/:hash/code', codeLimits, async request => {
    const lang = pickLang(request.headers['accept-language'])
    const row = await signing(hashOf(request))
    if (row.signed_at) throw alreadySigned()
    const at = now()
    const wait = resendAfter(row)
    if (wait > 0) throw new ApiError(429, 'codeResendWait', { params: { seconds: wait }, retryAfterSeconds: wait })
    const limited = await smsPerPhone.hit(row.phone)
    if (limited !== null) throw tooManyRequests(limited)

    const code = generateCode()
    const code_hash = await deps.passwords.hash(code, request.ip)
    // Two requests at once: the row decides, so only one of them sends.
    const stored = await db
      .update(bidSignings)
      .set({ code_hash, code_sent_at: new Date(at), code_expires_at: new Date(at + config.registerCodeTtlMs), attempts: 0 })
      .where(
        and(
          eq(bidSignings.id, row.id),
          isNull(bidSignings.signed_at),
          or(isNull(bidSignings.code_sent_at), lte(bidSignings.code_sent_at, new Date(at - SIGN_CODE_RESEND_SECONDS * 1000))),
        ),
      )
      .returning({ id: bidSignings.id })
    if (stored.length === 0) throw new ApiError(429, 'codeResendWait', { params: { seconds: SIGN_CODE_RESEND_SECONDS }, retryAfterSeconds: SIGN_CODE_RESEND_SECONDS })

    const text = lookup(lang, 'bids:sign.sms', { code }) ?? `${code}`
    await deps.sms.send(row.phone, text)
    return ok<SignCodeSent>({ resend_after_seconds: SIGN_CODE_RESEND_SECONDS, expires_in_seconds: Math.round(config.registerCodeTtlMs / 1000) })
  })

  const signLimits = { ...open, preHandler: perAddress(config.registerRateLimit, clock, 'bids.sign') }

  /** The frozen documents still there with the bytes they had: a changed document needs a new link. */
  async function documentsUnchanged(row: SigningRow): Promise<void> {
    const current = new Map((await host.signableDocuments(row.bid_id)).map(d => [d.document_id, d.sha256]))
    for (const doc of row.documents) if (current.get(doc.document_id) !== doc.sha256) throw bidsError(409, 'signDocumentsChanged')
  }

  /** Records the signature and lets the host move the bid on, in one transaction; 409 when someone signed first. */
  async function complete(row: SigningRow, request: FastifyRequest, method: SignatureRecord['method'], certificate: Record<string, unknown> | null): Promise<SignView> {
    const at = new Date(now())
    const record: SignatureRecord = {
      method,
      phone: row.phone,
      signed_at: at.toISOString(),
      ip: request.ip,
      user_agent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 300) : null,
      documents: row.documents.map(({ n, name, sha256 }) => ({ n, name, sha256 })),
      ...(certificate ? { certificate } : {}),
    }
    const signed = await db.transaction(async tx => {
      const [updated] = await tx
        .update(bidSignings)
        .set({ signed_at: at, signer_ip: request.ip.slice(0, 64), signature: record, code_hash: null })
        .where(and(eq(bidSignings.id, row.id), isNull(bidSignings.signed_at), isNull(bidSignings.revoked_at)))
        .returning()
      if (!updated) throw alreadySigned()
      await host.onSigned(tx, row.bid_id, row.id, at)
      return updated
    })
    return view(signed)
  }

  app.post('/sign/:hash', signLimits, async request => {
    const form = parseBody(signForm, request.body)
    const row = await signing(hashOf(request))
    if (row.signed_at) throw alreadySigned()
    if (!row.code_hash || !row.code_expires_at) throw codeRefused('codeMissing')
    if (row.code_expires_at.getTime() <= now()) throw codeRefused('codeExpired')
    const tries = config.registerCodeTries
    // The try is counted before the check, in one statement, so parallel guesses cannot share one try.
    const [counted] = await db
      .update(bidSignings)
      .set({ attempts: sql`${bidSignings.attempts} + 1` })
      .where(and(eq(bidSignings.id, row.id), eq(bidSignings.code_hash, row.code_hash), lt(bidSignings.attempts, tries)))
      .returning({ attempts: bidSignings.attempts })
    if (!counted) throw codeRefused('codeSpent')
    if (!(await deps.passwords.verify(form.code, row.code_hash, request.ip))) {
      const left = tries - counted.attempts
      throw left > 0 ? codeRefused('codeWrong', { left }) : codeRefused('codeSpent')
    }
    await documentsUnchanged(row)
    return ok(await complete(row, request, 'sms', null))
  })

  const certificateForm = v.object({
    adapter: v.pipe(v.string(), v.maxLength(64)),
    signatures: v.pipe(v.array(v.object({ n: v.pipe(v.number(), v.integer(), v.minValue(1)), signature: v.pipe(v.string(), v.maxLength(1_000_000)) })), v.maxLength(50)),
  })

  // The certificate adapter's endpoint: 404 while none is enabled (the default).
  app.post('/sign/:hash/certificate', signLimits, async request => {
    const adapter = enabledCertificateAdapter(env)
    if (!adapter) throw notFound()
    const form = parseBody(certificateForm, request.body)
    const row = await signing(hashOf(request))
    if (row.signed_at) throw alreadySigned()
    if (form.adapter !== adapter.id) throw notFound()
    await documentsUnchanged(row)
    const verdict = await adapter.verify({ documents: row.documents, signatures: form.signatures, phone: row.phone })
    if (!verdict.ok) throw bidsError(422, 'signCertificateRefused')
    return ok(await complete(row, request, 'certificate', { adapter: adapter.id, ...(verdict.evidence ?? {}) }))
  })

  app.get('/sign/:hash/documents/:n', open, async (request, reply) => {
    const row = await signing(hashOf(request))
    const n = pathId(request, 'n')
    const doc = row.documents.find(d => d.n === n)
    if (!doc) throw notFound()
    const file = await host.openDocument(row.bid_id, doc.document_id)
    // Only the bytes that were frozen: a document replaced since is gone for this link.
    if (!file || file.sha256 !== doc.sha256) {
      file?.stream.destroy()
      throw bidsError(404, 'signDocumentGone')
    }
    return reply
      .header('content-type', file.mime)
      .header('content-length', String(doc.size))
      .header('content-disposition', `attachment; filename="document-${doc.n}.pdf"; filename*=UTF-8''${encodeURIComponent(doc.name)}`)
      .header('cache-control', 'private, no-store')
      .send(file.stream)
  })

  app.get('/live/:hash', open, async request => {
    const verified = verifyLinkHash(await secret(), 'live', hashOf(request))
    if (!verified) throw notFound()
    const [row] = await db.select().from(bidLiveLinks).where(eq(bidLiveLinks.id, verified.id))
    if (!row || row.nonce !== verified.nonce) throw notFound()
    if (row.revoked_at) throw bidsError(410, 'liveLinkRevoked', { code: LIVE_LINK_REVOKED_CODE })
    const live = await host.liveView(row.bid_id)
    if (!live) throw notFound()
    return ok(live)
  })
}
