import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerDeps } from '../../../../server/deps'
import { ok } from '../../../../server/http/envelope'
import { TENDER_HISTORY_TYPE } from '../../contract'
import type { CabinetOffer } from '../../kp/contract'
import { TENDER_NOTIFICATIONS } from '../../notifications'
import { tenderKp, tenders } from '../../tables'
import { users } from '../../../../server/db/schema'
import { insertTenderHistory } from '../history'
import { pushTenderChanged } from '../push'
import { isExpired, kpOfToken, liveKpOfToken, type KpRow } from './tokens'

/** A transparent 1×1 gif: the open pixel's answer, whatever the token. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

// A client's step on a KP is a tender event (type 1), not a call-back (type 2): notifications.ts.
const [TENDER_EVENT] = TENDER_NOTIFICATIONS

/** A tracking step: its time column, its history type and the sender's notification text (`title_<context>`). */
const STEPS = {
  opened: { field: 'opened_at', history: TENDER_HISTORY_TYPE.offerOpened, context: 'kpOpened' },
  followed: { field: 'followed_at', history: TENDER_HISTORY_TYPE.linkFollowed, context: 'kpFollowed' },
  signed_in: { field: 'signed_in_at', history: TENDER_HISTORY_TYPE.signedInViaLink, context: 'kpSignedIn' },
} as const
type Step = keyof typeof STEPS

/**
 * Records a step once: the first time wins (the row is updated only while its column is empty), writes the
 * tender's history line and notifies the sender in the same transaction; a repeat changes nothing.
 */
async function recordStep(app: FastifyInstance, deps: ServerDeps, kp: KpRow, step: Step): Promise<void> {
  const at = new Date(deps.clock.now())
  const { field, history, context } = STEPS[step]
  const recorded = await deps.db.transaction(async tx => {
    const [first] = await tx
      .update(tenderKp)
      .set({ [field]: at })
      .where(and(eq(tenderKp.id, kp.id), isNull(tenderKp[field])))
      .returning({ id: tenderKp.id })
    if (!first) return false
    // The winner's own step: no user of ours did it (ShowTender's history convention for 7, 8, 9).
    await insertTenderHistory(tx, deps.clock, { tender_id: kp.tender_id, type: history, value: kp.email, user_id: null })
    if (kp.sender_id === null) return true
    const [tender] = await tx.select({ number: tenders.notification_number, winner: tenders.winner_name }).from(tenders).where(eq(tenders.id, kp.tender_id))
    await app.notify(tx, { to: kp.sender_id, type: TENDER_EVENT, params: { id: kp.tender_id, context, number: tender?.number ?? '', winner: tender?.winner ?? '' } })
    return true
  })
  if (recorded) await pushTenderChanged(deps, kp.tender_id)
}

/**
 * The winner's side of a KP, public but for the sign-in step: the letter's pixel (7), /cabinet reading the offer
 * (8) and /cabinet telling that its visitor signed in or registered through the link (9). A forged token is 404 and
 * an expired one 410 — except the pixel, which always answers its gif (a mail client shows no error) and records
 * nothing for them.
 */
export function kpTrackingRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, clock } = deps
  const token = (params: unknown) => (params as { token?: string }).token ?? ''

  app.get('/tenders-kp/open/:token', async (request, reply) => {
    const kp = await kpOfToken(db, token(request.params))
    if (kp && !isExpired(kp, clock.now())) await recordStep(app, deps, kp, 'opened')
    return reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL)
  })

  app.post('/tenders-kp/:token/follow', async request => {
    const kp = await liveKpOfToken(db, token(request.params), clock.now())
    await recordStep(app, deps, kp, 'followed')
    return ok(await cabinetOffer(deps, kp))
  })

  app.post('/tenders-kp/:token/signed-in', { preHandler: app.requireUser() }, async request => {
    const kp = await liveKpOfToken(db, token(request.params), clock.now())
    await recordStep(app, deps, kp, 'signed_in')
    return ok({ signed_in: true })
  })
}

async function cabinetOffer(deps: ServerDeps, kp: KpRow): Promise<CabinetOffer> {
  const [row] = await deps.db
    .select({ tender: tenders, sender: { name: users.full_name, phone: users.phone, email: users.email }, signed_in_at: tenderKp.signed_in_at })
    .from(tenderKp)
    .innerJoin(tenders, eq(tenders.id, tenderKp.tender_id))
    .leftJoin(users, eq(users.id, tenderKp.sender_id))
    .where(eq(tenderKp.id, kp.id))
  const t = row!.tender
  return {
    subject: kp.subject,
    body: kp.body,
    sent_at: kp.sent_at.toISOString(),
    tender: {
      notification_number: t.notification_number,
      name: t.name,
      customer_name: t.customer_name,
      initial_price: t.initial_price,
      contract_price: t.contract_price,
      guarantee_amount: t.guarantee_amount,
      protocol_date: t.protocol_date,
    },
    winner: { name: t.winner_name, inn: t.winner_inn, kpp: t.winner_kpp, email: kp.email },
    sender: { name: row!.sender?.name ?? '', phone: row!.sender?.phone ?? null, email: row!.sender?.email ?? null },
    signed_in: row!.signed_in_at !== null,
  }
}
