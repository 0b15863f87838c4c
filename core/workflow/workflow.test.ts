import * as v from 'valibot'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Actor } from '../access/actor'
import { roles } from '../access/rules'
import { ROLE, ROLES, type Role } from '../auth/profile'
import { msg, required } from '../validation/rules'
import { actionPath, allowedActions, decide, defineWorkflow, workflowLabelKeys, type Workflow } from './index'

const actor = (role: Role, id = 1): Actor => ({ id, role, office_id: null, tender: false, sip: false, impersonated: false })
const staff = roles(ROLE.verifier, ROLE.adminVerifier)

/** A bid-like record with two status fields: its own status and the bank's answer to it, one workflow each. */
const status = defineWorkflow({
  id: 'records.status',
  ns: 'records',
  statuses: { draft: 0, sent: 10, returned: 30, approved: 40, declined: 13 },
  actions: {
    send: { from: ['draft', 'returned'], to: 'sent', who: roles(ROLE.client, ROLE.agent) },
    approve: { from: ['sent'], to: 'approved', who: staff },
    sendBack: { from: ['sent'], to: 'returned', who: staff, requires: v.object({ comment: required }) },
    decline: { from: ['sent', 'returned'], to: 'declined', who: staff, requires: v.object({ reason: required, note: v.optional(v.string()) }) },
  },
})
const bankStatus = defineWorkflow({
  id: 'records.bankStatus',
  ns: 'records',
  statuses: { waiting: 70, refused: 130, offered: 150 },
  actions: {
    offer: { from: ['waiting'], to: 'offered', who: roles(ROLE.bank, ROLE.bankManager) },
    refuse: { from: ['waiting', 'offered'], to: 'refused', who: roles(ROLE.bankManager), requires: v.object({ reason: required }) },
  },
})

describe('defineWorkflow', () => {
  it('keeps the declaration, names the field and maps codes back to names', () => {
    expect(status.field).toBe('status')
    expect(bankStatus.field).toBe('bankStatus')
    expect(status.statusName(30)).toBe('returned')
    expect(status.statusName(31)).toBeUndefined()
    expect(Object.isFrozen(status)).toBe(true)
  })

  it('checks names in the types', () => {
    expect(() =>
      defineWorkflow({
        id: 'x.status',
        ns: 'x',
        statuses: { a: 1, b: 2 },
        actions: {
          // @ts-expect-error — `to` must be a declared status
          go: { from: ['a'], to: 'c', who: staff },
        },
      }),
    ).toThrow(/unknown status "c"/)
    expect(() =>
      defineWorkflow({
        id: 'x.status',
        ns: 'x',
        statuses: { a: 1, b: 2 },
        actions: {
          // @ts-expect-error — so must every `from`
          back: { from: ['c'], to: 'a', who: staff },
        },
      }),
    ).toThrow(/unknown status "c"/)
    // @ts-expect-error — an action the workflow does not declare
    expect(decide(status, 0, 'publish', actor(ROLE.client))).toMatchObject({ ok: false, status: 409 })
    // The input's type follows the action's schema.
    const sendBack = decide(status, 10, 'sendBack', actor(ROLE.verifier), { comment: 'x' })
    if (sendBack.ok) expectTypeOf(sendBack.input).toEqualTypeOf<{ comment: string }>()
    const send = decide(status, 0, 'send', actor(ROLE.client))
    if (send.ok) expectTypeOf(send.input).toEqualTypeOf<null>()
    expectTypeOf(allowedActions(bankStatus, 70, actor(ROLE.bank))).toEqualTypeOf<('offer' | 'refuse')[]>()
  })

  const broken = (patch: Record<string, unknown>) => () =>
    defineWorkflow({ id: 'x.status', ns: 'x', statuses: { a: 1, b: 2 }, actions: { go: { from: ['a'], to: 'b', who: staff } }, ...patch } as never)

  it.each([
    ['two statuses share a code', { statuses: { a: 1, b: 1 } }, /"a" and "b" share the code 1/],
    ['a code is not an integer', { statuses: { a: 1.5 } }, /32-bit integer/],
    ['no statuses', { statuses: {} }, /no statuses/],
    ['an action leads to an unknown status', { actions: { go: { from: ['a'], to: 'c', who: staff } } }, /unknown status "c"/],
    ['an action starts from an unknown status', { actions: { go: { from: ['z'], to: 'b', who: staff } } }, /unknown status "z"/],
    ['an action starts from nowhere', { actions: { go: { from: [], to: 'b', who: staff } } }, /starts from no status/],
    ['a status is listed twice', { actions: { go: { from: ['a', 'a'], to: 'b', who: staff } } }, /twice/],
    ['an action has no rule', { actions: { go: { from: ['a'], to: 'b' } } }, /no rule/],
    ['an input is not an object schema', { actions: { go: { from: ['a'], to: 'b', who: staff, requires: required } } }, /not an object schema/],
    ['an action name is not camelCase', { actions: { 'go-on': { from: ['a'], to: 'b', who: staff } } }, /camelCase/],
    ['the id names no field', { id: 'status' }, /<resource>\.<field>/],
    ['the namespace is not a name', { ns: 'X Y' }, /namespace/],
  ])('throws at definition when %s', (_, patch, error) => {
    expect(broken(patch)).toThrow(error)
  })

  it('accepts a pipe over an object schema as an input', () => {
    const piped = v.pipe(
      v.object({ outcome: v.number(), comment: v.optional(v.string(), '') }),
      v.check(input => input.outcome === 101 || input.comment.trim() !== '', msg.required),
    )
    const note = { from: ['a'], to: 'a', who: staff, requires: piped } as const
    expect(() => defineWorkflow({ id: 'x.status', ns: 'x', statuses: { a: 1 }, actions: { note } })).not.toThrow()
  })
})

describe('allowedActions', () => {
  it('gives exactly the actions of this status that this actor may take, per status field', () => {
    expect(allowedActions(status, 0, actor(ROLE.client))).toEqual(['send'])
    expect(allowedActions(status, 0, actor(ROLE.verifier))).toEqual([])
    expect(allowedActions(status, 10, actor(ROLE.verifier))).toEqual(['approve', 'sendBack', 'decline'])
    expect(allowedActions(status, 30, actor(ROLE.adminVerifier))).toEqual(['decline'])
    expect(allowedActions(status, 30, actor(ROLE.agent))).toEqual(['send'])
    expect(allowedActions(status, 40, actor(ROLE.adminVerifier))).toEqual([])
    // The same record's bank answer is its own field with its own rules.
    expect(allowedActions(bankStatus, 70, actor(ROLE.bank))).toEqual(['offer'])
    expect(allowedActions(bankStatus, 70, actor(ROLE.bankManager))).toEqual(['offer', 'refuse'])
    expect(allowedActions(bankStatus, 150, actor(ROLE.bankManager))).toEqual(['refuse'])
    expect(allowedActions(bankStatus, 10, actor(ROLE.bankManager))).toEqual([])
  })

  it('offers nothing for a code the declaration does not know', () => {
    expect(allowedActions(status, 999, actor(ROLE.verifier))).toEqual([])
  })
})

describe('decide', () => {
  it('applies an allowed action with its parsed input', () => {
    expect(decide(status, 0, 'send', actor(ROLE.client))).toEqual({ ok: true, from: 0, to: 10, input: null })
    expect(decide(status, 10, 'decline', actor(ROLE.verifier), { reason: '  no documents ' })).toEqual({
      ok: true,
      from: 10,
      to: 13,
      input: { reason: 'no documents' },
    })
    expect(decide(bankStatus, 150, 'refuse', actor(ROLE.bankManager), { reason: 'risk' })).toEqual({ ok: true, from: 150, to: 130, input: { reason: 'risk' } })
  })

  it('refuses a role the rule denies with 403, whatever the status', () => {
    expect(decide(status, 10, 'approve', actor(ROLE.client))).toEqual({ ok: false, status: 403, allowed: [] })
    expect(decide(status, 40, 'approve', actor(ROLE.agent))).toEqual({ ok: false, status: 403, allowed: [] })
    expect(decide(bankStatus, 70, 'refuse', actor(ROLE.bank), { reason: 'x' })).toEqual({ ok: false, status: 403, allowed: ['offer'] })
  })

  it('refuses another status with 409 and what the actor may do instead', () => {
    expect(decide(status, 40, 'approve', actor(ROLE.verifier))).toEqual({ ok: false, status: 409, allowed: [] })
    expect(decide(status, 30, 'approve', actor(ROLE.verifier))).toEqual({ ok: false, status: 409, allowed: ['decline'] })
    expect(decide(status, 999, 'send', actor(ROLE.client))).toEqual({ ok: false, status: 409, allowed: [] })
    expect(decide(status as Workflow, 10, 'publish', actor(ROLE.verifier))).toEqual({ ok: false, status: 409, allowed: ['approve', 'sendBack', 'decline'] })
    // An inherited property is not an action.
    expect(decide(status as Workflow, 10, 'toString', actor(ROLE.verifier))).toMatchObject({ ok: false, status: 409 })
  })

  it('refuses missing or bad input with 422 and the validation map', () => {
    const verifier = actor(ROLE.verifier)
    const allowed = ['approve', 'sendBack', 'decline']
    expect(decide(status, 10, 'decline', verifier)).toEqual({ ok: false, status: 422, allowed, validation: { reason: msg.required } })
    expect(decide(status, 10, 'decline', verifier, {})).toEqual({ ok: false, status: 422, allowed, validation: { reason: msg.required } })
    expect(decide(status, 10, 'decline', verifier, { reason: '   ' })).toEqual({ ok: false, status: 422, allowed, validation: { reason: msg.required } })
    expect(decide(status, 10, 'decline', verifier, { reason: 'x', note: 5 })).toMatchObject({ status: 422, validation: { note: expect.any(String) } })
    expect(decide(status, 10, 'sendBack', verifier, 'comment')).toMatchObject({ status: 422, validation: { _: expect.any(String) } })
  })

  it('agrees with the declaration on every (status, action, role) of both fields', () => {
    for (const workflow of [status, bankStatus] as Workflow[]) {
      for (const [name, code] of Object.entries(workflow.statuses)) {
        for (const role of ROLES) {
          const who = actor(role)
          for (const [action, spec] of Object.entries(workflow.actions)) {
            const input = spec.requires ? Object.fromEntries(Object.keys(spec.requires.entries).map(key => [key, 'text'])) : undefined
            const decision = decide(workflow, code, action, who, input)
            const expected = !spec.who(who) ? 403 : !spec.from.includes(name) ? 409 : 200
            expect(decision.ok ? 200 : decision.status, `${workflow.id} ${name} ${action} ${role}`).toBe(expected)
            if (decision.ok) expect(decision.to).toBe(workflow.statuses[spec.to])
            expect(allowedActions(workflow, code, who).includes(action)).toBe(expected === 200)
          }
        }
      }
    }
  })
})

describe('keys', () => {
  it('lists every text a module pack needs and turns actions into URL segments', () => {
    expect(workflowLabelKeys(bankStatus)).toEqual([
      'records:workflow.bankStatus.actions.offer',
      'records:workflow.bankStatus.actions.refuse',
      'records:workflow.bankStatus.statuses.waiting',
      'records:workflow.bankStatus.statuses.refused',
      'records:workflow.bankStatus.statuses.offered',
      'records:workflow.bankStatus.inputs.reason',
    ])
    expect(actionPath('sendBack')).toBe('send-back')
    expect(actionPath('approve')).toBe('approve')
  })
})
