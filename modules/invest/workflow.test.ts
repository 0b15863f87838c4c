import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import type { Actor } from '../../core/access/actor'
import { ROLE, ROLES, type Role } from '../../core/auth/profile'
import { allowedActions, decide, workflowLabelKeys } from '../../core/workflow'
import { dealBoundsProblems, missingFields, offerDraft, OFFER_TYPE } from './contract'
import en from './i18n/en.json'
import ru from './i18n/ru.json'
import { fromBasisPoints, fromMinor, toBasisPoints, toMinor } from './money'
import { DEAL_PARTY, DEAL_STATUS, dealWorkflow, isParty, OFFER_STATUS, offerWorkflow, type DealAction } from './workflow'

const actor = (role: Role, id = 1): Actor => ({ id, role, office_id: null, tender: false, sip: false, impersonated: false })

/** The decision of DESIGN-notes.md, written out as the oracle: (from, action) → to, and who may press. */
const OFFER_TABLE: Record<string, { from: number[]; to: number; roles: Role[] }> = {
  send: { from: [0, 30], to: 10, roles: [ROLE.client, ROLE.admin] },
  pass: { from: [10], to: 40, roles: [ROLE.verifier, ROLE.admin] },
  fail: { from: [10], to: 30, roles: [ROLE.verifier, ROLE.admin] },
}
const DEAL_TABLE: Record<DealAction, { from: number[]; to: number; party: 'owner' | 'investor' | 'either' }> = {
  agreed: { from: [1], to: 10, party: 'owner' },
  paid: { from: [10], to: 30, party: 'investor' },
  complete: { from: [30], to: 100, party: 'owner' },
  decline: { from: [1, 10], to: 40, party: 'either' },
}

describe('invest workflows: SPEC §4 numbers', () => {
  it('are exactly the spec\'s statuses', () => {
    expect(Object.values(OFFER_STATUS).sort((a, b) => a - b)).toEqual([0, 10, 30, 40])
    expect(Object.values(DEAL_STATUS).sort((a, b) => a - b)).toEqual([1, 10, 30, 40, 100])
    expect(Object.keys(dealWorkflow.actions).sort()).toEqual(['agreed', 'complete', 'decline', 'paid'])
  })

  it('name every status, action and input in both packs', () => {
    for (const pack of [ru, en]) {
      for (const key of [...workflowLabelKeys(offerWorkflow), ...workflowLabelKeys(dealWorkflow)]) {
        const value = key
          .replace(/^invest:/, '')
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], pack)
        expect(typeof value, key).toBe('string')
      }
    }
  })
})

describe('offer workflow: every (status, action, role)', () => {
  for (const status of Object.values(OFFER_STATUS)) {
    for (const action of Object.keys(OFFER_TABLE)) {
      for (const role of ROLES) {
        it(`${status} · ${action} · ${role}`, () => {
          const row = OFFER_TABLE[action]!
          const input = action === 'fail' ? { reason: 'Нет отчётности' } : undefined
          const decision = decide(offerWorkflow, status, action as never, actor(role), input)
          if (!row.roles.includes(role)) expect(decision).toMatchObject({ ok: false, status: 403 })
          else if (!row.from.includes(status)) expect(decision).toMatchObject({ ok: false, status: 409 })
          else expect(decision).toMatchObject({ ok: true, from: status, to: row.to })
        })
      }
    }
  }

  it('asks for the reasons of a failed test', () => {
    expect(decide(offerWorkflow, 10, 'fail', actor(ROLE.verifier), {})).toMatchObject({ ok: false, status: 422, validation: { reason: expect.any(String) } })
    expect(decide(offerWorkflow, 10, 'fail', actor(ROLE.verifier), { reason: '   ' })).toMatchObject({ ok: false, status: 422 })
  })
})

describe('deal workflow: every (status, action, role, party)', () => {
  const parties = [
    { name: 'owner', relation: { owner: true, investor: false } },
    { name: 'investor', relation: { owner: false, investor: true } },
    { name: 'outsider', relation: { owner: false, investor: false } },
  ]
  for (const status of Object.values(DEAL_STATUS)) {
    for (const action of Object.keys(DEAL_TABLE) as DealAction[]) {
      for (const role of ROLES) {
        for (const party of parties) {
          it(`${status} · ${action} · ${role} · ${party.name}`, () => {
            const row = DEAL_TABLE[action]
            const mayRole = role === ROLE.client || role === ROLE.admin
            const partyOk = role === ROLE.admin || row.party === party.name || (row.party === 'either' && party.name !== 'outsider')
            const decision = decide(dealWorkflow, status, action, actor(role))
            if (!mayRole) expect(decision).toMatchObject({ ok: false, status: 403 })
            else if (!row.from.includes(status)) expect(decision).toMatchObject({ ok: false, status: 409 })
            else expect(decision).toMatchObject({ ok: true, to: row.to })
            expect(isParty(action, role, party.relation)).toBe(role === ROLE.admin ? true : partyOk)
            // The buttons: allowed by the workflow and by the party.
            const shown = allowedActions(dealWorkflow, status, actor(role)).filter(a => isParty(a, role, party.relation))
            expect(shown.includes(action)).toBe(mayRole && partyOk && row.from.includes(status))
          })
        }
      }
    }
  }

  it('matches DEAL_PARTY', () => {
    for (const [action, row] of Object.entries(DEAL_TABLE)) expect(DEAL_PARTY[action as DealAction]).toBe(row.party)
  })
})

describe('money', () => {
  it('converts decimal strings and kopecks exactly', () => {
    expect(toMinor('1500000.00')).toBe(150_000_000)
    expect(toMinor('1500000,5')).toBe(150_000_050)
    expect(toMinor('0.07')).toBe(7)
    expect(toMinor('1.234')).toBeNull()
    expect(toMinor('-1')).toBeNull()
    expect(fromMinor(150_000_050)).toBe('1500000.50')
    expect(fromMinor(7)).toBe('0.07')
    expect(toBasisPoints('12.5')).toBe(1250)
    expect(fromBasisPoints(1250)).toBe('12.50')
  })
})

describe('the offer schema (both sides)', () => {
  const ok = { name: 'Заём', title: 'Линия', type: OFFER_TYPE.loan, price_min: '1000.00', price_max: '5000', months_min: 3, months_max: 12, percent: '12.5' }
  const issues = (input: unknown) => {
    const r = v.safeParse(offerDraft, input)
    return r.success ? {} : Object.fromEntries(r.issues.map(i => [i.path?.map(p => String(p.key)).join('.'), i.message]))
  }

  it('accepts a draft and its parts', () => {
    expect(issues(ok)).toEqual({})
    expect(issues({ name: 'Только имя' })).toEqual({})
  })

  it('keeps min ≤ max, the percent and the minimums within bounds', () => {
    expect(issues({ ...ok, price_min: '6000' })).toEqual({ price_max: 'invest:validation.priceOrder' })
    expect(issues({ ...ok, months_min: 13 })).toEqual({ months_max: 'invest:validation.monthsOrder' })
    expect(issues({ ...ok, percent: '0' })).toEqual({ percent: 'invest:validation.percentBounds' })
    expect(issues({ ...ok, percent: '100.01' })).toEqual({ percent: 'invest:validation.percentBounds' })
    expect(issues({ ...ok, price_min: '999.99' })).toMatchObject({ price_min: 'invest:validation.priceMin' })
    expect(issues({ ...ok, months_min: 0 })).toMatchObject({ months_min: 'invest:validation.monthsMin' })
  })

  it('wants the pledge subtype for a pledge only', () => {
    expect(issues({ ...ok, type: OFFER_TYPE.pledge })).toEqual({ pledge_type: 'validation:required' })
    expect(issues({ ...ok, type: OFFER_TYPE.pledge, pledge_type: 2 })).toEqual({})
    expect(missingFields({ name: 'x', title: 'y', type: OFFER_TYPE.pledge }, 1)).toEqual({ pledge_type: 'validation:required' })
  })

  it('lists the missing fields of the steps so far', () => {
    expect(Object.keys(missingFields({ name: 'x' }, 1)).sort()).toEqual(['title', 'type'])
    expect(Object.keys(missingFields(ok, 2)).sort()).toEqual(['currency', 'income_currency'])
    expect(Object.keys(missingFields({ ...ok, currency: 'rub', income_currency: 'usd' }))).toEqual(['description'])
  })

  it('keeps a deal within the offer', () => {
    const offer = { price_min: '1000.00', price_max: '5000.00', months_min: 3, months_max: 12 }
    expect(dealBoundsProblems({ amount: '1000', months: 3 }, offer)).toEqual({})
    expect(dealBoundsProblems({ amount: '999.99', months: 13 }, offer)).toEqual({ amount: 'invest:validation.amountBounds', months: 'invest:validation.monthsBounds' })
    expect(dealBoundsProblems({ amount: '5000.01', months: 2 }, offer)).toEqual({ amount: 'invest:validation.amountBounds', months: 'invest:validation.monthsBounds' })
  })
})
