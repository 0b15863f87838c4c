import { and, eq, sql } from 'drizzle-orm'
import { integer, pgTable, serial } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { beforeAll, expect, it } from 'vitest'
import type { Actor } from '../../core/access/actor'
import { roles } from '../../core/access/rules'
import type { RowScope } from '../../core/access/scope'
import { ROLE, ROLES, type Role } from '../../core/auth/profile'
import { required } from '../../core/validation/rules'
import { actionPath } from '../../core/workflow/keys'
import { defineWorkflow } from '../../core/workflow/define'
import type { Workflow } from '../../core/workflow/types'
import { workflowHistory } from '../db/schema'
import type { ServerModule } from '../module'
import { describeEachDb } from '../testing/harness'
import { testModules } from '../testing/modules'
import { applyTransition } from './apply'
import { workflowRoutes } from './routes'

/**
 * A test-only module with a record of two status fields — its own status and a bank's answer to it, one workflow
 * each — walked over HTTP for every (status, action, role) its declarations allow, and refuse.
 */
const exampleRecords = pgTable('example_records', {
  id: serial('id').primaryKey(),
  owner_id: integer('owner_id'),
  status: integer('status').notNull(),
  answer: integer('answer'),
})
const CREATE_TABLE = sql`create table if not exists example_records (
  id serial primary key, owner_id integer, status integer not null, answer integer
)`

const staff = roles(ROLE.verifier, ROLE.adminVerifier)
const recordStatus = defineWorkflow({
  id: 'example-records.status',
  ns: 'example',
  statuses: { draft: 0, sent: 10, returned: 30, approved: 40, declined: 13 },
  actions: {
    send: { from: ['draft', 'returned'], to: 'sent', who: roles(ROLE.client, ROLE.agent, ROLE.agentManager) },
    approve: { from: ['sent'], to: 'approved', who: staff },
    sendBack: { from: ['sent'], to: 'returned', who: staff, requires: v.object({ comment: required }) },
    decline: { from: ['sent', 'returned'], to: 'declined', who: roles(ROLE.admin, ROLE.adminVerifier), requires: v.object({ reason: required }) },
    reopen: { from: ['declined', 'approved'], to: 'draft', who: roles(ROLE.admin) },
  },
})
const recordAnswer = defineWorkflow({
  id: 'example-records.answer',
  ns: 'example',
  statuses: { waiting: 70, refused: 130, offered: 150, accepted: 180 },
  actions: {
    offer: { from: ['waiting'], to: 'offered', who: roles(ROLE.bank, ROLE.bankManager) },
    refuse: { from: ['waiting', 'offered'], to: 'refused', who: roles(ROLE.bankManager), requires: v.object({ reason: required }) },
    accept: { from: ['offered'], to: 'accepted', who: roles(ROLE.client, ROLE.callCenterManager) },
  },
})

/** Clients see their own records only; everyone else all of them. */
const exampleScope: RowScope<'owner'> = { [ROLE.client]: { own: 'owner' }, '*': 'all' }
/** The input that makes the `after` hook fail once the status is written: the transaction must undo it all. */
const EXPLODE = 'explode'

const exampleModule: ServerModule = {
  id: 'workflow-example',
  register(app, deps) {
    const bindings = [
      { workflow: recordStatus as Workflow, statusColumn: exampleRecords.status },
      { workflow: recordAnswer as Workflow, statusColumn: exampleRecords.answer },
    ]
    for (const binding of bindings) {
      workflowRoutes(app, deps, {
        ...binding,
        resource: 'example-records',
        table: exampleRecords,
        idColumn: exampleRecords.id,
        scope: { rows: exampleScope, columns: { owner: exampleRecords.owner_id } },
        async after(_tx, done) {
          if ((done.input as { reason?: string } | null)?.reason === EXPLODE) throw new Error('after the transition')
        },
      })
    }
  },
}

/** The other field of a record stays at this value while one field is walked: each workflow moves its own column. */
const OTHER = { status: 10, answer: 70 }
const columnOf = { [recordStatus.id]: 'status', [recordAnswer.id]: 'answer' } as const

/** The declaration read directly, as the oracle: no call into decide/allowedActions. */
function expectedAllowed(workflow: Workflow, statusName: string, actor: Actor): string[] {
  return Object.entries(workflow.actions)
    .filter(([, action]) => action.from.includes(statusName) && action.who(actor))
    .map(([name]) => name)
}
const actorOf = (id: number, role: Role): Actor => ({ id, role, office_id: null, tender: false, sip: false, impersonated: false })
const validInput = (workflow: Workflow, action: string) => {
  const schema = workflow.actions[action]!.requires
  return schema ? Object.fromEntries(Object.keys(schema.entries).map(key => [key, `${key} text`])) : undefined
}

describeEachDb(
  'workflow kit: declared transitions enforced over HTTP',
  ctx => {
    beforeAll(async () => {
      await ctx.db.execute(CREATE_TABLE)
    })

    async function insertRecord(fields: { owner_id: number | null; status: number; answer?: number | null }): Promise<number> {
      const [row] = await ctx.db
        .insert(exampleRecords)
        .values({ answer: OTHER.answer, ...fields })
        .returning({ id: exampleRecords.id })
      return row!.id
    }
    const record = async (id: number) => (await ctx.db.select().from(exampleRecords).where(eq(exampleRecords.id, id)))[0]!
    const history = (workflow: Workflow, id: number) =>
      ctx.db
        .select()
        .from(workflowHistory)
        .where(and(eq(workflowHistory.workflow, workflow.id), eq(workflowHistory.record_id, id)))
    const post = (token: string, id: number | string, action: string, body?: unknown, lang = 'en') =>
      ctx.call('POST', `/api/v1/example-records/${id}/${actionPath(action)}`, token, body, { 'accept-language': lang })

    async function signedIn(role: Role) {
      const user = await ctx.createUser({ role })
      return { id: user.id, role, token: await ctx.signIn(user.phone, user.password), actor: actorOf(user.id, role) }
    }

    for (const workflow of [recordStatus, recordAnswer] as Workflow[]) {
      it(`walks every (status, action, role) of ${workflow.id} as declared`, async () => {
        const column = columnOf[workflow.id]!
        const seen = { 200: 0, 403: 0, 409: 0, 422: 0 }
        for (const role of ROLES) {
          const user = await signedIn(role)
          for (const [statusName, code] of Object.entries(workflow.statuses)) {
            for (const [action, spec] of Object.entries(workflow.actions)) {
              const label = `${workflow.id}: ${role} presses ${action} on ${statusName}`
              const id = await insertRecord({ owner_id: user.id, ...OTHER, [column]: code })
              const allowed = expectedAllowed(workflow, statusName, user.actor)
              const refusedWith = async (status: 403 | 409 | 422, body?: unknown) => {
                const res = await post(user.token, id, action, body)
                expect(res.statusCode, label).toBe(status)
                const failure = res.json()
                expect(failure, label).toMatchObject({ result: false, allowed })
                expect(await record(id), label).toMatchObject({ ...OTHER, [column]: code })
                expect(await history(workflow, id), label).toEqual([])
                seen[status] += 1
                return failure
              }

              if (!spec.who(user.actor)) await refusedWith(403, validInput(workflow, action))
              else if (!spec.from.includes(statusName)) {
                const failure = await refusedWith(409, validInput(workflow, action))
                expect(failure.message).toBe("This action is not available in the record's current status")
              } else {
                if (spec.requires) {
                  const failure = await refusedWith(422, {})
                  const fields = Object.keys(spec.requires.entries)
                  expect(failure.validation, label).toEqual(Object.fromEntries(fields.map(field => [field, 'Required field'])))
                }
                const to = workflow.statuses[spec.to]!
                ctx.clock.advance(1000)
                const res = await post(user.token, id, action, validInput(workflow, action))
                expect(res.statusCode, label).toBe(200)
                const next = expectedAllowed(workflow, spec.to, user.actor)
                expect(res.json(), label).toEqual({ result: true, data: { id, from: code, status: to, allowed: next } })
                expect(await record(id), label).toMatchObject({ ...OTHER, [column]: to })
                const written = await history(workflow, id)
                expect(written, label).toEqual([
                  {
                    id: expect.any(Number),
                    workflow: workflow.id,
                    record_id: id,
                    action,
                    from_status: code,
                    to_status: to,
                    input: validInput(workflow, action) ?? null,
                    user_id: user.id,
                    created_at: new Date(ctx.clock.now()),
                  },
                ])
                seen[200] += 1
              }
            }
          }
        }
        // The walk met every kind of answer, so it proves each check rather than passing vacuously.
        for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0)
        const total = ROLES.length * Object.keys(workflow.statuses).length * Object.keys(workflow.actions).length
        expect(seen[200] + seen[403] + seen[409]).toBe(total)
      })
    }

    it('undoes the status change and the history line when the same transaction fails later', async () => {
      const admin = await signedIn(ROLE.admin)
      const id = await insertRecord({ owner_id: null, status: 10 })
      const attempt = ctx.db.transaction(async tx => {
        const done = await applyTransition(tx, {
          workflow: recordStatus,
          table: exampleRecords,
          idColumn: exampleRecords.id,
          statusColumn: exampleRecords.status,
          id,
          actor: admin.actor,
          action: 'decline',
          input: { reason: 'no documents' },
          at: new Date(ctx.clock.now()),
        })
        // Inside the transaction both writes are there…
        expect(done).toMatchObject({ from: 10, to: 13, input: { reason: 'no documents' } })
        expect((await tx.select().from(exampleRecords).where(eq(exampleRecords.id, id)))[0]?.status).toBe(13)
        expect(await tx.select().from(workflowHistory)).toHaveLength(1)
        throw new Error('notify failed')
      })
      await expect(attempt).rejects.toThrow('notify failed')
      // …and neither survives its rollback.
      expect((await record(id)).status).toBe(10)
      expect(await history(recordStatus, id)).toEqual([])

      // The same through the route: a failing `after` hook is a 500 envelope and leaves nothing behind.
      const res = await post(admin.token, id, 'decline', { reason: EXPLODE })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({ result: false, message: 'Internal server error, please try again later' })
      expect((await record(id)).status).toBe(10)
      expect(await history(recordStatus, id)).toEqual([])
    })

    it('lets one of two simultaneous presses through and answers the other 409 (the row is locked)', async () => {
      const first = await signedIn(ROLE.verifier)
      const second = await signedIn(ROLE.adminVerifier)
      const id = await insertRecord({ owner_id: null, status: 10 })
      // On Postgres the two requests really race on two connections: without FOR UPDATE both would read "sent"
      // and both write (two 200s, two history lines). PGlite runs transactions one at a time anyway.
      const answers = await Promise.all([post(first.token, id, 'approve'), post(second.token, id, 'sendBack', { comment: 'fix it' })])
      expect(answers.map(res => res.statusCode).sort()).toEqual([200, 409])
      const written = await history(recordStatus, id)
      expect(written).toHaveLength(1)
      expect((await record(id)).status).toBe(written[0]!.to_status)
    })

    it('answers every bad request with the envelope, never a 500', async () => {
      const verifier = await signedIn(ROLE.verifier)
      const id = await insertRecord({ owner_id: null, status: 10 })
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '12abc']) {
        const res = await post(verifier.token, bad, 'approve')
        expect(res.statusCode, bad).toBe(404)
        expect(res.json(), bad).toEqual({ result: false, message: 'Not found' })
      }
      expect((await post(verifier.token, id + 1, 'approve')).statusCode).toBe(404)
      // An action no workflow of the resource declares is no endpoint.
      const unknown = await post(verifier.token, id, 'publish')
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toEqual({ result: false, message: 'Not found' })
      const brokenJson = await ctx.call('POST', `/api/v1/example-records/${id}/send-back`, verifier.token, '{"comment":', {
        'content-type': 'application/json',
        'accept-language': 'en',
      })
      expect(brokenJson.statusCode).toBe(400)
      expect(brokenJson.json()).toEqual({ result: false, message: 'Bad request' })
      // JSON that is not an object is a bad input, told as such, with what the user may do.
      const json = { 'content-type': 'application/json', 'accept-language': 'en' }
      const notAnObject = await ctx.call('POST', `/api/v1/example-records/${id}/send-back`, verifier.token, '"fix it"', json)
      expect(notAnObject.statusCode).toBe(422)
      expect(notAnObject.json()).toEqual({
        result: false,
        message: 'Please check the fields',
        validation: { _: expect.any(String) },
        allowed: ['approve', 'sendBack'],
      })
      const array = await post(verifier.token, id, 'sendBack', ['fix it'])
      expect(array.statusCode).toBe(422)
      expect(array.json()).toMatchObject({ validation: { comment: 'Required field' } })
      const plainText = await ctx.call('POST', `/api/v1/example-records/${id}/send-back`, verifier.token, 'fix it', { 'content-type': 'text/plain' })
      expect(plainText.statusCode).toBeGreaterThanOrEqual(400)
      expect(plainText.statusCode).toBeLessThan(500)
      expect(plainText.json().result).toBe(false)
      const anonymous = await ctx.call('POST', `/api/v1/example-records/${id}/approve`)
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json()).toMatchObject({ result: false, code: 6969 })
      // The refusals speak the request's language.
      const russian = await post(verifier.token, id, 'sendBack', {}, 'ru')
      expect(russian.json()).toMatchObject({ message: 'Проверьте правильность заполнения полей', validation: { comment: 'Обязательное поле' } })
      const forbidden = await post(verifier.token, id, 'send', undefined, 'ru')
      expect(forbidden.json()).toEqual({ result: false, message: 'Недостаточно прав', allowed: ['approve', 'sendBack'] })
      const draft = await insertRecord({ owner_id: null, status: 0 })
      expect((await post(verifier.token, draft, 'approve', undefined, 'ru')).json()).toEqual({
        result: false,
        message: 'Это действие недоступно в текущем статусе записи',
        allowed: [],
      })
      expect((await record(id)).status).toBe(10)
      expect(await history(recordStatus, id)).toEqual([])
    })

    it('keeps a record outside the row scope as absent as a missing one', async () => {
      const owner = await signedIn(ROLE.client)
      const stranger = await signedIn(ROLE.client)
      const id = await insertRecord({ owner_id: owner.id, status: 0, answer: 150 })
      for (const [action, body] of [['send', undefined], ['accept', undefined]] as const) {
        const res = await post(stranger.token, id, action, body)
        expect(res.statusCode, action).toBe(404)
      }
      expect((await ctx.call('GET', `/api/v1/example-records/${id}/status/history`, stranger.token)).statusCode).toBe(404)
      expect(await record(id)).toMatchObject({ status: 0, answer: 150 })
      expect((await post(owner.token, id, 'send')).statusCode).toBe(200)
      expect((await post(owner.token, id, 'accept')).statusCode).toBe(200)
    })

    it("tells a record's history of one field, with authors and inputs, and what the reader may do now", async () => {
      const agent = await signedIn(ROLE.agent)
      const verifier = await signedIn(ROLE.verifier)
      const id = await insertRecord({ owner_id: agent.id, status: 0 })
      const at1 = ctx.clock.now()
      expect((await post(agent.token, id, 'send')).statusCode).toBe(200)
      ctx.clock.advance(60_000)
      expect((await post(verifier.token, id, 'sendBack', { comment: '  scan is blurry ' })).statusCode).toBe(200)
      expect((await post(agent.token, id, 'send')).statusCode).toBe(200)
      // Another field's history of the same record stays out of this one.
      await ctx.db
        .insert(workflowHistory)
        .values({ workflow: recordAnswer.id, record_id: id, action: 'offer', from_status: 70, to_status: 150, created_at: new Date(at1) })

      const res = await ctx.call('GET', `/api/v1/example-records/${id}/status/history`, verifier.token)
      expect(res.statusCode).toBe(200)
      const user = (who: { id: number }) => ({ id: who.id, name: 'Тестов Тест Тестович' })
      expect(res.json()).toEqual({
        result: true,
        data: {
          status: 10,
          allowed: ['approve', 'sendBack'],
          items: [
            { id: expect.any(Number), action: 'send', from: 0, to: 10, input: null, user: user(agent), at: new Date(at1).toISOString() },
            {
              id: expect.any(Number),
              action: 'sendBack',
              from: 10,
              to: 30,
              input: { comment: 'scan is blurry' },
              user: user(verifier),
              at: new Date(at1 + 60_000).toISOString(),
            },
            { id: expect.any(Number), action: 'send', from: 30, to: 10, input: null, user: user(agent), at: new Date(at1 + 60_000).toISOString() },
          ],
        },
      })
      const answer = await ctx.call('GET', `/api/v1/example-records/${id}/answer/history`, agent.token)
      expect(answer.json().data).toMatchObject({ status: 70, allowed: [], items: [{ action: 'offer', user: null }] })
    })
  },
  { app: { modules: [...testModules(), exampleModule] } },
)
