import { and, asc, eq, inArray, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Actor } from '../../../../core/access/actor'
import { currentActor } from '../../../../server/auth/require-user'
import type { Db } from '../../../../server/db/client'
import { workflowHistory } from '../../../../server/db/schema'
import type { ServerDeps } from '../../../../server/deps'
import { ok } from '../../../../server/http/envelope'
import { ApiError, forbidden, notFound } from '../../../../server/http/errors'
import { pathId } from '../../../../server/http/validate'
import { readCompanyProfile } from '../../../clients/server'
import { canGenerateDocuments, canOpenBid } from '../../access'
import type { BidDocument } from '../../contract'
import type { LiveView } from '../../signing/contract'
import type { BidLinksHost, SignableDocument } from '../../signing/host'
import { bidDocuments, bidRequests, bids } from '../../tables'
import { bidStatusFromRequests, bidWorkflow, FOLLOWING_STATUSES, REQUEST_SIGNED, REQUEST_STATUS, requestWorkflow } from '../../workflow'
import type { PartnersPort } from '../ports'
import { visibility, type Visibility } from '../visibility'
import { renderApplication, renderQuestionnaire } from './render'
import type { BidFileStore } from './store'
import type { ApplicationInput, PdfBank } from './types'

/**
 * The generated documents (issue 11): GET v1/bids/{id}/documents/{application|questionnaire}.pdf renders the PDF
 * from the bid and its company as they are now; POST v1/bids/{id}/documents/generate renders both and keeps them as
 * the bid's documents (kinds application_pdf, questionnaire_pdf; the previous pair is replaced) — what a signer signs
 * on /sign/{hash}. Also the bids side of the public links (BidLinksHost).
 */

type BidRow = typeof bids.$inferSelect

export const GENERATED_KINDS = { application: 'application_pdf', questionnaire: 'questionnaire_pdf' } as const
type GeneratedName = keyof typeof GENERATED_KINDS

/**
 * A bid this actor sees, or 404: the bids server's visibility (the owner's side and staff through `bidScope`, drafts
 * only for the owner's side; bank staff only bids with a request to their bank, through the partners port).
 */
export async function bidInScope(db: Db, partners: PartnersPort, actor: Actor, id: number): Promise<{ bid: BidRow; seen: Visibility }> {
  const seen = await visibility(db, partners, actor)
  const [row] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.id, id), seen.bids))
  if (!row) throw notFound()
  return { bid: row, seen }
}

/** What the PDFs are filled from: the bid, its company's particulars and the banks it was sent to. */
export async function pdfInputOf(db: Db, partners: PartnersPort, bid: BidRow, at: Date, requestsWhere?: SQL): Promise<ApplicationInput> {
  const company = (await readCompanyProfile(db, bid.company_id)) ?? null
  // A bank sees only its own request: the application it prints names no other bank.
  const requests = await db
    .select({ partner_id: bidRequests.partner_id, channel: bidRequests.channel })
    .from(bidRequests)
    .where(and(eq(bidRequests.bid_id, bid.id), requestsWhere))
    .orderBy(asc(bidRequests.id))
  const names = await partners.partners(db, requests.map(r => r.partner_id))
  const banks: PdfBank[] = requests.map(r => ({ name: names.get(r.partner_id)?.name ?? `№ ${r.partner_id}`, channel: r.channel }))
  return {
    generated_at: at,
    banks,
    company: company ?? {},
    bid: {
      number: bid.id,
      service_type: bid.service_type,
      created_at: bid.created_at,
      submitted_at: bid.submitted_at,
      federal_law: bid.federal_law === null ? null : bid.federal_law === 0 ? 'commercial' : String(bid.federal_law),
      customer_name: bid.customer_name,
      customer_inn: bid.customer_inn,
      customer_address: bid.customer_address,
      contract_subject: bid.contract_subject,
      contract_sum: bid.contract_sum,
      actual_contract_sum: bid.actual_contract_sum,
      initial_max_price: bid.initial_max_price,
      security_sum: bid.security_sum,
      credit_sum: bid.credit_sum,
      contract_start: bid.contract_start,
      contract_end: bid.contract_end,
      date_bg_start: bid.date_bg_start,
      date_bg_end: bid.date_bg_end,
      days: bid.days,
      issue_deadline_date: bid.issue_deadline_date,
      type_bg: bid.type_bg,
      by_customer_form: bid.by_customer_form,
      direct_debiting: bid.direct_debiting,
      has_deposit: bid.has_deposit,
      has_losses: bid.has_losses,
      has_government_contracts: bid.has_government_contracts,
      special_account: bid.special_account ? { ...(bid.special_account as Record<string, string | null>) } : null,
      leasing_type: bid.leasing_type,
      initial_fee: bid.initial_fee,
      lots: bid.lots ? bid.lots.map(l => ({ number: l.number, name: l.subject ?? null, sum: l.sum ?? null })) : null,
    },
  }
}

const fileNames: Record<GeneratedName, (id: number) => string> = {
  application: id => `Заявка № ${id}.pdf`,
  questionnaire: id => `Анкета клиента к заявке № ${id}.pdf`,
}
const render = (name: GeneratedName, input: ApplicationInput) => (name === 'application' ? renderApplication(input) : renderQuestionnaire(input))

const asciiName = (name: GeneratedName, id: number) => `${name}-${id}.pdf`
const disposition = (name: GeneratedName, id: number) => `attachment; filename="${asciiName(name, id)}"; filename*=UTF-8''${encodeURIComponent(fileNames[name](id))}`

const toDocument = (row: typeof bidDocuments.$inferSelect): BidDocument => ({
  id: row.id,
  bid_id: row.bid_id,
  kind: row.kind,
  name: row.name,
  size: row.size,
  sha256: row.sha256,
  company_document_id: row.company_document_id,
  created_at: row.created_at.toISOString(),
})

export function bidPdfRoutes(app: FastifyInstance, deps: ServerDeps, store: BidFileStore, partners: PartnersPort): void {
  const { db, clock } = deps

  app.get('/bids/:id/documents/:file', { preHandler: app.requireUser(canOpenBid) }, async (request, reply) => {
    const file = String((request.params as { file?: unknown }).file ?? '')
    const match = /^(application|questionnaire)\.pdf$/.exec(file)
    if (!match) throw notFound()
    const name = match[1] as GeneratedName
    const { bid, seen } = await bidInScope(db, partners, currentActor(request), pathId(request))
    const pdf = await render(name, await pdfInputOf(db, partners, bid, new Date(clock.now()), seen.requests))
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(pdf.length))
      .header('content-disposition', disposition(name, bid.id))
      .header('cache-control', 'private, no-store')
      .send(pdf)
  })

  app.post('/bids/:id/documents/generate', { preHandler: app.requireUser(canGenerateDocuments) }, async request => {
    const actor = currentActor(request)
    const { bid } = await bidInScope(db, partners, actor, pathId(request))
    if (!canGenerateDocuments(actor)) throw forbidden()
    if (bid.status === 0) throw new ApiError(409, 'bids:links.error.generateDraft')
    const at = new Date(clock.now())
    const input = await pdfInputOf(db, partners, bid, at)
    const made = await Promise.all(
      (Object.keys(GENERATED_KINDS) as GeneratedName[]).map(async name => ({ name, stored: await store.put(await render(name, input)) })),
    )
    const { rows, old } = await db.transaction(async tx => {
      const old = await tx
        .delete(bidDocuments)
        .where(and(eq(bidDocuments.bid_id, bid.id), inArray(bidDocuments.kind, Object.values(GENERATED_KINDS))))
        .returning({ key: bidDocuments.storage_key })
      const rows = await tx
        .insert(bidDocuments)
        .values(
          made.map(({ name, stored }) => ({
            bid_id: bid.id,
            kind: GENERATED_KINDS[name],
            storage_key: stored.key,
            name: fileNames[name](bid.id),
            mime: 'application/pdf',
            size: stored.size,
            sha256: stored.sha256,
            uploaded_by: actor.id,
            created_at: at,
          })),
        )
        .returning()
      return { rows, old }
    })
    for (const { key } of old) if (key.startsWith('bids:')) await store.remove(key).catch(() => {})
    return ok(rows.map(toDocument))
  })
}

/** The order a signer sees: the application, the questionnaire, then the other documents by when they came. */
const KIND_ORDER: Record<string, number> = { application_pdf: 0, questionnaire_pdf: 1 }

/**
 * The bids side of the public links. Managing a bid's links: the owner's side and the verifiers (the roles that
 * generate documents), within their scope. Signing completes the bank's approval: requests at 160 (client approved)
 * move to 60 (documents signed) in the same transaction, with a history line, and the bid's derived status follows.
 */
export function createBidLinksHost(deps: ServerDeps, store: BidFileStore, partners: PartnersPort, openOther?: (key: string) => Promise<import('node:stream').Readable>): BidLinksHost {
  const { db } = deps
  return {
    async bidForLinks(actor, bidId) {
      const { bid } = await bidInScope(db, partners, actor, bidId)
      if (!canGenerateDocuments(actor)) throw forbidden()
      return { id: bid.id }
    },
    async signableDocuments(bidId) {
      const rows = await db.select().from(bidDocuments).where(eq(bidDocuments.bid_id, bidId)).orderBy(asc(bidDocuments.id))
      return rows
        .sort((a, b) => (KIND_ORDER[a.kind] ?? 2) - (KIND_ORDER[b.kind] ?? 2) || a.id - b.id)
        .map((r): SignableDocument => ({ document_id: r.id, kind: r.kind, name: r.name, size: r.size, sha256: r.sha256 }))
    },
    async openDocument(bidId, documentId) {
      const [row] = await db
        .select()
        .from(bidDocuments)
        .where(and(eq(bidDocuments.id, documentId), eq(bidDocuments.bid_id, bidId)))
      if (!row) return null
      try {
        const stream = row.storage_key.startsWith('bids:') ? await store.open(row.storage_key) : openOther ? await openOther(row.storage_key) : null
        return stream ? { stream, mime: row.mime, sha256: row.sha256 } : null
      } catch {
        return null
      }
    },
    async contactPhone(bidId) {
      const [bid] = await db.select({ company_id: bids.company_id }).from(bids).where(eq(bids.id, bidId))
      if (!bid) return null
      return (await readCompanyProfile(db, bid.company_id))?.contact?.phone ?? null
    },
    async onSigned(tx, bidId, _signingId, at) {
      const approved = await tx
        .select({ id: bidRequests.id })
        .from(bidRequests)
        .where(and(eq(bidRequests.bid_id, bidId), eq(bidRequests.status, REQUEST_STATUS.clientApproved)))
        .for('update')
      for (const { id } of approved) {
        await tx.update(bidRequests).set({ status: REQUEST_STATUS.documentsSigned, updated_at: at }).where(eq(bidRequests.id, id))
        await tx.insert(workflowHistory).values({
          workflow: requestWorkflow.id,
          record_id: id,
          action: REQUEST_SIGNED,
          from_status: REQUEST_STATUS.clientApproved,
          to_status: REQUEST_STATUS.documentsSigned,
          input: null,
          user_id: null,
          created_at: at,
        })
      }
      if (approved.length === 0) return
      // The bid's status follows its requests (160 and 60 both read as "accepted": usually no change).
      const [bid] = await tx.select({ status: bids.status }).from(bids).where(eq(bids.id, bidId)).for('update')
      const statuses = (await tx.select({ status: bidRequests.status }).from(bidRequests).where(eq(bidRequests.bid_id, bidId))).map(r => r.status)
      const next = bidStatusFromRequests(statuses)
      if (bid && FOLLOWING_STATUSES.includes(bid.status) && next !== bid.status) {
        await tx.update(bids).set({ status: next, updated_at: at }).where(eq(bids.id, bidId))
        await tx.insert(workflowHistory).values({
          workflow: bidWorkflow.id,
          record_id: bidId,
          action: 'followRequests',
          from_status: bid.status,
          to_status: next,
          input: null,
          user_id: null,
          created_at: at,
        })
      }
    },
    async liveView(bidId): Promise<LiveView | null> {
      const [bid] = await db.select().from(bids).where(eq(bids.id, bidId))
      if (!bid) return null
      const lines = await db
        .select({ at: workflowHistory.created_at, status: workflowHistory.to_status, action: workflowHistory.action })
        .from(workflowHistory)
        .where(and(eq(workflowHistory.workflow, bidWorkflow.id), eq(workflowHistory.record_id, bidId)))
        .orderBy(asc(workflowHistory.id))
      return {
        number: bid.id,
        service_type: bid.service_type,
        status: bid.status,
        amount: bid.amount === null ? null : String(bid.amount),
        updated_at: bid.updated_at.toISOString(),
        history: lines.map(l => ({ at: l.at.toISOString(), status: l.status, action: l.action })),
      }
    },
  }
}


