import { and, eq, inArray, isNull } from 'drizzle-orm'
import { fileURLToPath } from 'node:url'
import type { FastifyRequest } from 'fastify'
import type { Actor } from '../../../core/access/actor'
import { socketAction } from '../../../core/socket/actions'
import { isInnChecksumValid } from '../../../core/validation/inn'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { users, workflowHistory } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { ApiError, forbidden, invalidInput, notFound } from '../../../server/http/errors'
import { parseBody, parseQuery, pathId } from '../../../server/http/validate'
import type { ServerDeps, ServerModule } from '../../../server/module'
import { applyTransition } from '../../../server/workflow/apply'
import { readHistory } from '../../../server/workflow/history'
import { createBidDraft, pushBidChanged, type PartnersPort } from '../../bids/server'
import { createCompany } from '../../clients/server'
import { LEADS_ROLES, canConvertLeads, canSeeLeads } from '../access'
import { WEBHOOK_SECRET_HEADER, leadAgentsQuery, leadUsersQuery, leadWebhook, parseChatId, type ChatUserLeads, type LeadAgents, type LeadDetails, type LeadUsersPage, type LeadWebhookAnswer } from '../contract'
import '../socket'
import { leadChatUsers, leads } from '../tables'
import { CONVERT, LEAD_ACTIONS, LEAD_STATUS, convertInput, leadAllowed, leadWorkflow } from '../workflow'
import { activeAgent, activeAgents, chatUser, conversionOf, leadRow, leadsOf, listChatUsers, toLead, type LeadRow } from './read'
import { secretMatches, webhookSecret } from './secret'
import { seedLeads } from './seed'

export interface LeadsServerOptions {
  /** The webhook's shared secret; default LEADS_WEBHOOK_SECRET, else the demo's on the embedded database (secret.ts). */
  secret?: string | null
  env?: Record<string, string | undefined>
}

/** A fresh draft was sent to no bank: the bids' live push needs no partners to find whom it concerns. */
const NO_BANKS: PartnersPort = { bankOfUser: async () => null, partners: async () => new Map(), staffOf: async () => [] }

/** `:chat_id` and `:id` of the path; anything else is a lead that cannot exist (404). */
function pathIds(request: FastifyRequest): { chatId: number; id: number } {
  const chatId = parseChatId((request.params as Record<string, unknown> | undefined)?.chat_id)
  if (chatId === null) throw notFound()
  return { chatId, id: pathId(request) }
}

/** Everyone who may have /leads-users open reads it again. Ephemeral; a failure never fails the request. */
async function pushChanged(deps: ServerDeps, chatId: number): Promise<void> {
  try {
    const staff = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, [...LEADS_ROLES]), isNull(users.disabled_at)))
    if (staff.length > 0) await deps.hub.relay(staff.map(u => u.id), socketAction('updateLeads', { chat_id: chatId }))
  } catch {
    // The pages catch up on their next load.
  }
}

async function details(db: Db, actor: Actor, chatId: number, id: number): Promise<LeadDetails> {
  const row = await leadRow(db, chatId, id)
  const user = row ? await chatUser(db, chatId) : null
  if (!row || !user) throw notFound()
  return { user, lead: toLead(row), conversion: await conversionOf(db, actor, row), allowed: leadAllowed(row, actor), history: await readHistory(db, leadWorkflow, id) }
}

/** Locks one lead of one chat user for a change, or 404. */
async function lockLead(tx: Db, chatId: number, id: number): Promise<LeadRow> {
  const [row] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), eq(leads.chat_id, chatId)))
    .for('update')
  if (!row) throw notFound()
  return row
}

/**
 * The chat-bot leads' server half (issue 14 §3): the webhook the bot posts updates to (shared secret, idempotent by
 * the update id), the lists of /leads-users, the lead's workflow and its conversion into a client company and a bid
 * draft (the clients' and bids' server exports, in one transaction).
 */
export function createLeadsServer(options: LeadsServerOptions = {}): ServerModule {
  return {
    id: 'leads',
    migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
    seed: seedLeads,
    register(app, deps) {
      const { db, clock } = deps
      const secret = options.secret !== undefined ? options.secret : webhookSecret(options.env ?? process.env, deps.config.databaseUrl === null)
      const guard = app.requireUser(canSeeLeads)

      app.post('/leads/webhook', async request => {
        // The secret before anything else: a caller without it learns nothing about the body's rules.
        if (!secretMatches(request.headers[WEBHOOK_SECRET_HEADER], secret)) throw new ApiError(401, 'leads:server.badSecret')
        const update = parseBody(leadWebhook, request.body)
        const at = new Date(clock.now())
        const { user, lead } = update
        const answer = await db.transaction(async (tx): Promise<LeadWebhookAnswer> => {
          const person = { name: user.name, phone: user.phone || null, username: user.username ? user.username.replace(/^@/, '') : null, updated_at: at }
          await tx
            .insert(leadChatUsers)
            .values({ chat_id: user.chat_id, ...person, created_at: at })
            .onConflictDoUpdate({ target: leadChatUsers.chat_id, set: person })
          // The same update delivered again (a retry, or two deliveries at once on two nodes) stores nothing new: the
          // unique update id makes the second insert wait for the first and then do nothing.
          const [row] = await tx
            .insert(leads)
            .values({
              chat_id: user.chat_id,
              update_id: update.update_id,
              request: lead.request,
              service: lead.service,
              amount: lead.amount,
              company: lead.company || null,
              inn: lead.inn || null,
              created_at: at,
              updated_at: at,
            })
            .onConflictDoNothing({ target: leads.update_id })
            .returning({ id: leads.id })
          if (row) return { lead_id: row.id, duplicate: false }
          const [stored] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.update_id, update.update_id))
          return { lead_id: stored!.id, duplicate: true }
        })
        if (!answer.duplicate) await pushChanged(deps, user.chat_id)
        return ok(answer)
      })

      // The agents a converted lead's client may be given to: for those who convert.
      app.get('/leads/agents', { preHandler: app.requireUser(canConvertLeads) }, async request => ok<LeadAgents>(await activeAgents(db, parseQuery(leadAgentsQuery, request.query))))

      app.get('/leads-users', { preHandler: guard }, async request => {
        return ok<LeadUsersPage>(await listChatUsers(db, parseQuery(leadUsersQuery, request.query)))
      })

      app.get('/leads-users/:chat_id/leads', { preHandler: guard }, async request => {
        const chatId = parseChatId((request.params as Record<string, unknown>).chat_id)
        const user = chatId === null ? null : await chatUser(db, chatId)
        if (!user) throw notFound()
        return ok<ChatUserLeads>({ user, items: await leadsOf(db, user.chat_id) })
      })

      app.get('/leads-users/:chat_id/leads/:id', { preHandler: guard }, async request => {
        const { chatId, id } = pathIds(request)
        return ok<LeadDetails>(await details(db, currentActor(request), chatId, id))
      })

      for (const action of LEAD_ACTIONS) {
        app.post(`/leads-users/:chat_id/leads/:id/actions/${action}`, { preHandler: guard }, async request => {
          const { chatId, id } = pathIds(request)
          const actor = currentActor(request)
          await db.transaction(async tx => {
            const row = await lockLead(tx, chatId, id)
            // Once it is a client and a bid, the lead's story is over.
            if (row.bid_id !== null) throw new ApiError(409, 'workflowNotAllowed', { allowed: [] })
            const at = new Date(clock.now())
            const done = await applyTransition(tx, {
              workflow: leadWorkflow,
              table: leads,
              idColumn: leads.id,
              statusColumn: leads.status,
              id,
              actor,
              action,
              input: request.body,
              where: eq(leads.chat_id, chatId),
              at,
            })
            const input = (done.input ?? {}) as { comment?: string; reason?: string }
            await tx
              .update(leads)
              .set({
                updated_at: at,
                ...(action === 'rework' ? { comment: input.comment ?? null } : {}),
                ...(action === 'decline' ? { decline_reason: input.reason ?? null } : {}),
              })
              .where(eq(leads.id, id))
          })
          await pushChanged(deps, chatId)
          return ok<LeadDetails>(await details(db, actor, chatId, id))
        })
      }

      // A verified lead becomes a client company and a bid draft, in one transaction with the lead's links to both.
      app.post(`/leads-users/:chat_id/leads/:id/actions/${CONVERT}`, { preHandler: guard }, async request => {
        const { chatId, id } = pathIds(request)
        const actor = currentActor(request)
        if (!canConvertLeads(actor)) throw forbidden()
        const input = parseBody(convertInput, request.body ?? {})
        const bidId = await db.transaction(async (tx): Promise<number> => {
          const row = await lockLead(tx, chatId, id)
          if (row.status !== LEAD_STATUS.verified || row.bid_id !== null) throw new ApiError(409, 'workflowNotAllowed', { allowed: leadAllowed(row, actor) })
          const service = input.service_type ?? row.service
          if (service === null) throw invalidInput({ service_type: 'validation:required' })
          // The agent who keeps the new client and its draft: an active agent (30, 35), held so it stays one meanwhile.
          const keeper = await activeAgent(tx, input.agent_id)
          if (!keeper) throw invalidInput({ agent_id: 'leads:server.notAnAgent' })
          const agent = keeper.id
          const [person] = await tx.select().from(leadChatUsers).where(eq(leadChatUsers.chat_id, chatId))
          const at = new Date(clock.now())
          const companyId = await createCompany(tx, {
            short_name: row.company || input.company_name || person!.name,
            inn: row.inn && isInnChecksumValid(row.inn) ? row.inn : null,
            contact_person_name: person!.name,
            contact_person_phone: person!.phone,
            agent_user_id: agent,
            at,
          })
          const bidId = await createBidDraft(tx, {
            companyId,
            serviceType: service as Parameters<typeof createBidDraft>[1]['serviceType'],
            sum: row.amount === null ? null : Number(row.amount),
            contractSubject: row.request,
            ownerUserId: null,
            agentUserId: agent,
            createdBy: actor.id,
            at,
          })
          await tx.update(leads).set({ company_id: companyId, bid_id: bidId, converted_by: actor.id, converted_at: at, updated_at: at }).where(eq(leads.id, id))
          await tx.insert(workflowHistory).values({
            workflow: leadWorkflow.id,
            record_id: id,
            action: CONVERT,
            from_status: row.status,
            to_status: row.status,
            input: { service_type: service, company_id: companyId, bid_id: bidId, agent_id: agent },
            user_id: actor.id,
            created_at: at,
          })
          return bidId
        })
        await pushChanged(deps, chatId)
        // The agent's (and their managers') open bid lists read again: the draft is theirs now.
        await pushBidChanged(deps, NO_BANKS, bidId)
        return ok<LeadDetails>(await details(db, actor, chatId, id))
      })
    },
  }
}

export const leadsServer: ServerModule = createLeadsServer()
