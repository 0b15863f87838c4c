import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentActor } from '../../../server/auth/require-user'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { forbidden, notFound } from '../../../server/http/errors'
import { lookup, pickLang } from '../../../server/http/i18n'
import { parseBody, parseQuery, pathId } from '../../../server/http/validate'
import { workflowRoutes } from '../../../server/workflow/routes'
import { canCreateSplit, canSeeSplit, splitScope } from '../access'
import { splitBidForm, splitClientsQuery, splitListQuery, type SplitBidDetails, type SplitBidItem, type SplitClientItem, type SplitPage } from '../contract'
import { parseDecimal, scheduleCsv } from '../schedule'
import { splitBids, splitClients, splitTransactions } from '../tables'
import { paymentInput, SPLIT_STATUS, splitWorkflow, TRANSACTION_STATUS } from '../workflow'
import { pushSplitBidChanged } from './push'
import { listBids, listClients, readBid, scheduleOf, scopedBid } from './read'

/**
 * The split endpoints (issue 14 §2): GET|POST v1/split-bids, GET v1/split-bids/{id} (with `schedule`),
 * GET v1/split-bids/{id}/schedule.csv, POST v1/split-bids/{id}/actions/{action}, GET v1/split-clients.
 * A bid outside the actor's scope answers 404.
 */
export function splitRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, clock } = deps
  const guard = app.requireUser(canSeeSplit)

  app.get('/split-bids', { preHandler: guard }, async request => {
    return ok<SplitPage<SplitBidItem>>(await listBids(db, currentActor(request), parseQuery(splitListQuery, request.query)))
  })

  app.post('/split-bids', { preHandler: guard }, async request => {
    const actor = currentActor(request)
    if (!canCreateSplit(actor)) throw forbidden()
    const form = parseBody(splitBidForm, request.body)
    const at = new Date(clock.now())
    const id = await db.transaction(async tx => {
      // One client per phone: a new bid for a known phone keeps its client (the latest name wins).
      const [client] = await tx
        .insert(splitClients)
        .values({ phone: form.phone, full_name: form.full_name, created_at: at, updated_at: at })
        .onConflictDoUpdate({ target: splitClients.phone, set: { full_name: form.full_name, updated_at: at } })
        .returning({ id: splitClients.id })
      const [bid] = await tx
        .insert(splitBids)
        .values({
          client_id: client!.id,
          author_id: actor.id,
          phone: form.phone,
          full_name: form.full_name,
          tariff: form.tariff,
          term: form.term,
          amount: parseDecimal(form.amount)!,
          percent: Number(parseDecimal(form.percent)!),
          bonus: Number(parseDecimal(form.bonus)!),
          payout: form.payout,
          gender: form.gender,
          passport_series: form.passport_series,
          passport_number: form.passport_number,
          passport_issued: form.passport_issued,
          passport_issuer: form.passport_issuer,
          address: form.address,
          start_date: form.start_date,
          status: SPLIT_STATUS.notActivated,
          created_at: at,
          updated_at: at,
        })
        .returning()
      return bid!.id
    })
    await pushSplitBidChanged(db, deps.hub, id)
    return ok<SplitBidDetails>(await readBid(db, actor, (await scopedBid(db, actor, id))!))
  })

  app.get('/split-bids/:id', { preHandler: guard }, async request => {
    const actor = currentActor(request)
    const row = await scopedBid(db, actor, pathId(request))
    if (!row) throw notFound()
    return ok<SplitBidDetails>(await readBid(db, actor, row))
  })

  app.get('/split-bids/:id/schedule.csv', { preHandler: guard }, async (request, reply) => {
    const actor = currentActor(request)
    const row = await scopedBid(db, actor, pathId(request))
    if (!row) throw notFound()
    const lang = pickLang(request.headers['accept-language'])
    const t = (key: string) => lookup(lang, `split:schedule.${key}`) ?? key
    const csv = scheduleCsv(scheduleOf(row), ['n', 'from', 'to', 'days', 'sum', 'bonus', 'tax', 'pay'].map(k => t(`columns.${k}`)), t('total'), t('principal'))
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="split-bid-${row.id}-schedule.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv)
  })

  app.get('/split-clients', { preHandler: guard }, async request => {
    return ok<SplitPage<SplitClientItem>>(await listClients(db, currentActor(request), parseQuery(splitClientsQuery, request.query)))
  })

  // POST v1/split-bids/{id}/actions/{verified|send-for-rework|decline|go-to-payment|client-paid|complete}.
  workflowRoutes(app, deps, {
    workflow: splitWorkflow,
    table: splitBids,
    idColumn: splitBids.id,
    statusColumn: splitBids.status,
    resource: 'split-bids',
    actionsSegment: 'actions',
    history: false,
    rule: canSeeSplit,
    scope: { rows: splitScope, columns: { author: splitBids.author_id } },
    async after(tx, done) {
      const at = new Date(clock.now())
      const set: Partial<typeof splitBids.$inferInsert> = { updated_at: at }
      const input = done.input as Record<string, unknown>
      if (done.action === 'decline') set.decline_reason = String(input.reason)
      if (done.action === 'sendForRework') set.rework_comment = String(input.comment)
      if (done.action === 'verified') set.rework_comment = null
      const [bid] = await tx.update(splitBids).set(set).where(eq(splitBids.id, done.id)).returning()
      const waiting = and(eq(splitTransactions.bid_id, done.id), eq(splitTransactions.status, TRANSACTION_STATUS.waiting))
      if (done.action === 'goToPayment') {
        const body = done.request.body ?? {}
        const { type } = parseBody(paymentInput, typeof body === 'object' ? body : {})
        await tx.insert(splitTransactions).values({ bid_id: done.id, type, amount: bid!.amount, status: TRANSACTION_STATUS.waiting, created_at: at, updated_at: at })
      } else if (done.action === 'clientPaid') {
        await tx.update(splitTransactions).set({ status: TRANSACTION_STATUS.completed, updated_at: at }).where(waiting)
      } else if (done.from === SPLIT_STATUS.awaitingPayment) {
        // Declined or sent back while waiting for the money: the payment is off.
        await tx.update(splitTransactions).set({ status: TRANSACTION_STATUS.canceled, updated_at: at }).where(waiting)
      }
    },
    // Committed: the open lists and the bid's page of everyone who sees it read again.
    committed: done => pushSplitBidChanged(db, deps.hub, done.id),
    respond: async done => readBid(db, done.actor, (await scopedBid(db, done.actor, done.id))!),
  })
}
