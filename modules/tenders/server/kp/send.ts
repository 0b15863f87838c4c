import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { msg } from '../../../../core/validation'
import { currentActor, currentUser } from '../../../../server/auth/require-user'
import type { UserRow } from '../../../../server/auth/sessions'
import { scopeWhere } from '../../../../server/access/scope'
import type { ServerDeps } from '../../../../server/deps'
import { ok } from '../../../../server/http/envelope'
import { ApiError, invalidInput, notFound } from '../../../../server/http/errors'
import { parseBody, pathId } from '../../../../server/http/validate'
import { canSeeTenders, kpScope } from '../../access'
import { TENDER_HISTORY_TYPE } from '../../contract'
import { cabinetLink, KP_API, kpSendForm, type KpKind, type KpLetter } from '../../kp/contract'
import { tenderKp, tenders } from '../../tables'
import { insertTenderHistory } from '../history'
import { pushTenderChanged } from '../push'
import { composeLetter, senderLang, type LetterInput } from './letter'
import { newKpToken } from './tokens'

type Tender = typeof tenders.$inferSelect

/** The placeholder a preview shows where the sent letter has its own link. */
const PREVIEW_TOKEN = '…'

async function tenderOr404(deps: ServerDeps, id: number): Promise<Tender> {
  const [tender] = await deps.db.select().from(tenders).where(eq(tenders.id, id))
  if (!tender) throw notFound()
  return tender
}

const recipient = (asked: string, tender: Tender): string => asked || tender.winner_email || ''

/**
 * Sends a KP: the letter goes out first, through the mail provider the notifications module installs (SMTP, or the
 * mail_outbox table without one); only a letter handed over is stored (tender_kp with its token's hash, and the
 * tender's history line 55 or 5), so a failed send leaves no KP that was never sent.
 */
async function sendKp(app: FastifyInstance, deps: ServerDeps, sender: UserRow, tender: Tender, email: string, input: LetterInput) {
  const mail = app.extensions.mail
  if (!mail) throw new ApiError(503, 'mailUnavailable')
  const now = deps.clock.now()
  const { token, token_hash, expires_at } = newKpToken(now)
  const url = (path: string) => new URL(path, deps.config.publicUrl).toString()
  const letter = composeLetter(senderLang(sender), tender, sender, input, { cabinet: url(cabinetLink(token)), pixel: url(`/api/${KP_API.pixel(token)}`) })
  try {
    await mail.send({ to: email, subject: letter.subject, text: letter.text, html: letter.html })
  } catch {
    throw new ApiError(503, 'mailUnavailable')
  }
  const at = new Date(now)
  const sent = await deps.db.transaction(async tx => {
    const [row] = await tx
      .insert(tenderKp)
      .values({
        tender_id: tender.id,
        sender_id: sender.id,
        sender_office: sender.office_id,
        kind: input.kind,
        email,
        subject: letter.subject,
        body: letter.offer,
        token_hash,
        sent_at: at,
        expires_at,
      })
      .returning({ id: tenderKp.id })
    await insertTenderHistory(tx, deps.clock, { tender_id: tender.id, type: input.kind, value: email, user_id: sender.id })
    return { id: row!.id, email, sent_at: at.toISOString(), expires_at: expires_at.toISOString() }
  })
  await pushTenderChanged(deps, tender.id)
  return sent
}

/**
 * POST v1/tenders/{id}/kp/preview (the letter as it will go, its link a placeholder), POST v1/tenders/{id}/kp (send)
 * and POST v1/tenders-kp/{id}/resend (the same offer again with a new link; the old link keeps working until it
 * expires — the winner may open either letter). For whoever works tenders; the resend within the list's scope.
 */
export function kpSendRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const guard = { preHandler: app.requireUser(canSeeTenders) }

  app.post('/tenders/:tenderId/kp/preview', guard, async request => {
    const form = parseBody(kpSendForm, request.body)
    const tender = await tenderOr404(deps, pathId(request, 'tenderId'))
    const { user } = currentUser(request)
    const letter = composeLetter(senderLang(user), tender, user, form, { cabinet: new URL(cabinetLink(PREVIEW_TOKEN), deps.config.publicUrl).toString(), pixel: null })
    return ok<KpLetter>({ email: recipient(form.email, tender), subject: letter.subject, text: letter.text, html: letter.html })
  })

  app.post('/tenders/:tenderId/kp', guard, async request => {
    const form = parseBody(kpSendForm, request.body)
    const tender = await tenderOr404(deps, pathId(request, 'tenderId'))
    const email = recipient(form.email, tender)
    if (!email) throw invalidInput({ email: msg.required })
    return ok(await sendKp(app, deps, currentUser(request).user, tender, email, form))
  })

  app.post('/tenders-kp/:kpId/resend', guard, async request => {
    const id = pathId(request, 'kpId')
    const [kp] = await deps.db
      .select()
      .from(tenderKp)
      .where(and(eq(tenderKp.id, id), scopeWhere(deps.db, currentActor(request), kpScope, { sender: tenderKp.sender_id })))
    if (!kp) throw notFound()
    const tender = await tenderOr404(deps, kp.tender_id)
    // A custom KP goes again with its own words; a standard one is the template again, in the resender's language.
    const input: LetterInput = { kind: kp.kind as KpKind, subject: kp.kind === TENDER_HISTORY_TYPE.offerSent ? kp.subject : '', body: kp.body }
    return ok(await sendKp(app, deps, currentUser(request).user, tender, kp.email, input))
  })
}
